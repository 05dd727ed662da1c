"""Pages a kind adds to the web playground (``Kind.pages``): the module ``NAME.py``
here, named after its kind, provides ``routes(pages)`` (its routes, answered with the
playground's shared :class:`~lpsolve.web.app.Pages`), ``NAV`` (its menu link: path and
text) and ``CARD`` (its card on the home page: heading and text); its templates are
in ``templates/kinds/``. Only built-in kinds add pages.
"""
