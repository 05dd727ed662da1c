"""``lpsolve serve``: the web playground (``pip install "lpsolve[web]"``).

:mod:`lpsolve.web.app` holds the Starlette routes and :func:`~lpsolve.web.app.create_app`;
:mod:`lpsolve.web.work` what the pages compute, every visitor's request as supervised
jobs. Templates (Jinja2, autoescaped) and one stylesheet ship inside the package.
"""
