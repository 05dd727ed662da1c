"""Where kinds come from: the registry of every kind lpsolve knows.

Three sources, in this order of precedence:

1. **Folders** (declared kinds): each folder named by ``--kinds DIR`` (every command
   takes it, repeatable), then each in ``LPSOLVE_KINDS`` (separated as ``PATH`` is). A
   folder holding a ``kind.toml`` *is* a kind, named after the folder; otherwise each of
   its sub-folders holding one is. A folder kind of a built-in kind's name is used in
   its place (as ``PATH`` does: a teacher can change a bundled kind without forking
   lpsolve). A folder in ``LPSOLVE_KINDS`` that does not exist is passed over, as
   ``PATH`` does, but named when a kind is not found; one named by ``--kinds`` is an
   error.
2. **Built-in**: the kinds of :mod:`lpsolve.kinds.builtin`, then the declared kinds
   that come with lpsolve (the folders ``lpsolve/kinds/NAME/`` holding a
   ``kind.toml``, such as ``sudoku``: listed as ``declared``).
3. **Plugins**: packages that register a ``module:callable`` under the entry-point
   group ``lpsolve.kinds``; the callable returns a :class:`~lpsolve.puzzle.Kind` or a
   list of them. A plugin never takes a name a folder or a built-in kind has (it is
   listed "not loaded: name taken").

Finding a built-in kind costs nothing at start-up: no declaration is read and
``importlib.metadata`` (as costly as importing clingo) is not imported unless a name
or an extension is not found among the folders and the built-in kinds. A bundled
declared kind is found by a ``stat`` of its folder's ``kind.toml``; its declaration is
read (``tomllib``) only when it is used.

Reading a declared kind's folder is :func:`lpsolve.kinds.declared.load_kind`'s work.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import LpsolveError, UsageError
from ..puzzle import Instance, Kind, Origin
from ..resources import SOLUTION_SUFFIX, declared_kind_folder, declared_kind_folders
from .builtin import BUILT_IN

#: the environment variable naming folders of kinds, separated as ``PATH`` is
ENVIRONMENT = "LPSOLVE_KINDS"
#: the entry-point group of the packages that add kinds
ENTRY_POINTS = "lpsolve.kinds"
#: the file whose presence makes a folder a kind
DECLARATION = "kind.toml"
#: the folder of a declared kind's puzzle files
INSTANCES = "instances"
#: what a kind's name may be (a folder's name, a file extension, a JSON value)
NAME = re.compile(r"[a-z][a-z0-9_-]{0,63}")


class Listed(NamedTuple):
    """A kind as ``lpsolve kinds`` lists it."""

    name: str
    origin: Origin
    location: str  # its module, folder or entry point
    kind: Kind | None  # None: found but not usable, ``problem`` says why
    problem: str = ""
    shadows: bool = False  # a folder kind used in place of the built-in kind of its name
    bundled: bool = False  # a declared kind that comes with lpsolve


class Registry:
    """The kinds of the built-in table, of ``folders`` (``--kinds``) and of the folders
    ``LPSOLVE_KINDS`` names (``environment``: its value, read from the environment when
    None), and of the installed plugins."""

    def __init__(self, folders: Sequence[str] = (), environment: str | None = None) -> None:
        for folder in folders:
            if not os.path.isdir(folder):
                raise UsageError(f"--kinds {folder}: no such folder")
        if environment is None:
            environment = os.environ.get(ENVIRONMENT, "")
        named = [entry for entry in environment.split(os.pathsep) if entry]
        #: where declared kinds are looked for, in order
        self.folders = [*folders, *(entry for entry in named if os.path.isdir(entry))]
        #: the ``LPSOLVE_KINDS`` entries that are no folder
        self.missing = [entry for entry in named if not os.path.isdir(entry)]
        self._declared: dict[str, Kind] = {}  # by folder
        self._plugins: list[Listed] | None = None

    # -- looking a kind up --------------------------------------------------------------

    def get(self, name: str) -> Kind:
        """The kind named ``name`` (see :meth:`find`); a :class:`UsageError` naming
        the known ones if there is none."""
        kind = self.find(name)
        if kind is None:
            missing = "".join(f"; {ENVIRONMENT} names no folder {e}" for e in self.missing)
            known = ", ".join(self.names())
            raise UsageError(f"unknown kind {name!r}; expected one of {known}{missing}")
        return kind

    def find(self, name: str) -> Kind | None:
        """The kind named ``name``: a folder's, else a built-in, else a plugin's; None
        if there is none (one found but not usable is refused, saying why)."""
        if not NAME.fullmatch(name):
            return None
        folder = self.folder_of(name) if self.folders else None
        if folder is not None:
            return self._declared_kind(name, folder)
        if name in BUILT_IN:
            return BUILT_IN[name]
        bundled = declared_kind_folder(name)
        if bundled is not None:
            return self._declared_kind(name, bundled)
        for listed in self.plugins():
            if listed.name == name:
                if listed.kind is None:
                    raise UsageError(f"kind {name} ({listed.location}): {listed.problem}")
                return listed.kind
        return None

    def for_extension(self, extension: str) -> Kind | None:
        """The kind whose files end in ``extension`` (lower case, with its dot): the
        folder kind of that name, else the built-in kind with that extension (unless a
        folder kind takes its name), else a declared or plugin kind that claims it;
        None if no kind does."""
        name = extension[1:]
        folder = self.folder_of(name) if self.folders and NAME.fullmatch(name) else None
        if folder is not None:
            return self._declared_kind(name, folder)
        built_in = _BUILT_IN_EXTENSIONS.get(extension)
        if built_in is not None and (not self.folders or self.folder_of(built_in.name) is None):
            return built_in
        bundled = declared_kind_folder(name) if NAME.fullmatch(name) else None
        if bundled is not None and name not in BUILT_IN:
            return self._declared_kind(name, bundled)
        for other, folder in [*self.folder_kinds(), *self.bundled_kinds()]:
            try:
                kind = self._declared_kind(other, folder)
            except LpsolveError:  # unusable: it says so when it is named or listed
                continue
            if extension in kind.extensions:
                return kind
        for listed in self.plugins():
            if listed.kind is not None and extension in listed.kind.extensions:
                return listed.kind
        return None

    # -- the sources -----------------------------------------------------------------------

    def folder_of(self, name: str) -> str | None:
        """The folder of the declared kind ``name`` (a valid :data:`NAME`): the first
        folder entry that is that kind, or holds it."""
        for entry in self.folders:
            if _base(entry) == name and os.path.isfile(os.path.join(entry, DECLARATION)):
                return entry
            inside = os.path.join(entry, name)
            if os.path.isfile(os.path.join(inside, DECLARATION)):
                return inside
        return None

    def folder_kinds(self) -> list[tuple[str, str]]:
        """Every declared kind of the folders, as (name, folder): the first of a name."""
        found: dict[str, str] = {}
        for entry in self.folders:
            if os.path.isfile(os.path.join(entry, DECLARATION)):
                if NAME.fullmatch(_base(entry)):
                    found.setdefault(_base(entry), entry)
                continue
            for sub in sorted(os.listdir(entry)):
                inside = os.path.join(entry, sub)
                if NAME.fullmatch(sub) and os.path.isfile(os.path.join(inside, DECLARATION)):
                    found.setdefault(sub, inside)
        return list(found.items())

    def bundled_kinds(self) -> list[tuple[str, str]]:
        """The declared kinds that come with lpsolve and are in use, as (name, folder):
        those no folder kind and no built-in kind takes the name of."""
        taken = {*BUILT_IN, *(name for name, _ in self.folder_kinds())}
        return [(n, f) for n, f in declared_kind_folders().items() if n not in taken]

    def _declared_kind(self, name: str, folder: str) -> Kind:
        if folder not in self._declared:
            self._declared[folder] = load_declared(name, folder)
        return self._declared[folder]

    def plugins(self) -> list[Listed]:
        """The kinds installed packages add (loaded once, at the first need)."""
        if self._plugins is None:
            taken = {
                *BUILT_IN,
                *declared_kind_folders(),
                *(name for name, _ in self.folder_kinds()),
            }
            self._plugins = _load_plugins(taken)
        return self._plugins

    # -- every kind --------------------------------------------------------------------

    def listing(self) -> list[Listed]:
        """Every kind found: the built-in ones, then the declared ones that come with
        lpsolve (for each, a folder kind of the same name in its place), then the other
        folder kinds, then the plugins'."""
        return self._listing_without_plugins() + self.plugins()

    def _listing_without_plugins(self) -> list[Listed]:
        folders = dict(self.folder_kinds())
        found = []
        for name, kind in BUILT_IN.items():
            if name in folders:
                found.append(self._listed_folder(name, folders.pop(name)))
            else:
                found.append(Listed(name, Origin.BUILT_IN, kind.location, kind))
        for name, folder in declared_kind_folders().items():
            if name in BUILT_IN:
                continue  # a built-in kind's name: never used (a test keeps them apart)
            if name in folders:
                found.append(self._listed_folder(name, folders.pop(name), shadows=True))
            else:
                found.append(self._listed_folder(name, folder, bundled=True))
        found += [self._listed_folder(name, folder) for name, folder in folders.items()]
        return found

    def _listed_folder(
        self, name: str, folder: str, *, shadows: bool | None = None, bundled: bool = False
    ) -> Listed:
        try:
            kind: Kind | None = self._declared_kind(name, folder)
            problem = ""
        except LpsolveError as error:
            kind, problem = None, str(error)
        if shadows is None:
            shadows = name in BUILT_IN
        return Listed(name, Origin.DECLARED, folder, kind, problem, shadows, bundled)

    def extensions(self, plugins: bool = True) -> set[str]:
        """The file extensions of every kind (a declared kind not readable yet: its
        default, ``.NAME``), ``.json`` among them; ``plugins=False``: without the
        plugins' (no ``importlib.metadata``), for commands that must start fast."""
        found = {".json", *_BUILT_IN_EXTENSIONS}
        listed = self.listing() if plugins else self._listing_without_plugins()
        for each in listed:
            found.update(each.kind.extensions if each.kind is not None else [f".{each.name}"])
        return found

    def kinds(self) -> list[Kind]:
        """Every kind that can be used, in :meth:`listing`'s order."""
        return [listed.kind for listed in self.listing() if listed.kind is not None]

    def names(self) -> list[str]:
        return [listed.name for listed in self.listing()]


_BUILT_IN_EXTENSIONS = {ext: kind for kind in BUILT_IN.values() for ext in kind.extensions}


def _base(folder: str) -> str:
    return os.path.basename(os.path.normpath(folder))


def declared_instances(folder: str) -> list[Instance]:
    """The puzzle files in a declared kind's ``instances/`` folder (sorted), for a kind
    that cannot be read (a readable one lists its own)."""
    inside = os.path.join(folder, INSTANCES)
    if not os.path.isdir(inside):
        return []
    return [
        Instance(os.path.join(inside, name), os.path.join(inside, name))
        for name in sorted(os.listdir(inside))
        if os.path.isfile(os.path.join(inside, name))
        and not name.startswith(".")
        and not name.endswith(SOLUTION_SUFFIX)
    ]


def load_declared(name: str, folder: str) -> Kind:
    """The kind the folder declares (its ``kind.toml``), read by
    :func:`lpsolve.kinds.declared.load_kind`."""
    from .declared import load_kind

    kind: Kind = load_kind(folder)
    return kind


def _load_plugins(taken: set[str]) -> list[Listed]:
    """The kinds of the entry points in :data:`ENTRY_POINTS`; one a plugin cannot make,
    or whose name is ``taken``, is listed with the reason and not used."""
    from importlib.metadata import entry_points  # 1.2x clingo's import: only here

    found = []
    for point in entry_points(group=ENTRY_POINTS):
        where = point.value if point.dist is None else f"{point.value} ({point.dist.name})"
        try:
            made = point.load()()
        except Exception as error:  # a plugin's own code: a broken one is listed, not fatal
            reason = f"not loaded: {type(error).__name__}: {error}"
            found.append(Listed(point.name, Origin.PLUGIN, where, None, reason))
            continue
        for kind in made if isinstance(made, list | tuple) else [made]:
            if not isinstance(kind, Kind):
                problem = f"not loaded: {type(kind).__name__} is not a Kind"
                found.append(Listed(point.name, Origin.PLUGIN, where, None, problem))
            elif kind.name in taken:
                found.append(
                    Listed(kind.name, Origin.PLUGIN, where, None, "not loaded: name taken")
                )
            else:
                taken.add(kind.name)
                found.append(Listed(kind.name, Origin.PLUGIN, where, kind))
    return found


def lpsolve_kinds() -> list[Kind]:
    """The kinds that come with lpsolve: the built-in ones, then the bundled declared
    ones (no folder, no plugin: what the docs' tables list)."""
    listed = Registry((), environment="")._listing_without_plugins()
    return [each.kind for each in listed if each.kind is not None]


_current: Registry | None = None


def registry() -> Registry:
    """The process's registry (made at the first need, with ``LPSOLVE_KINDS`` only,
    unless :func:`configure` made it)."""
    global _current
    if _current is None:
        _current = Registry()
    return _current


def configure(folders: Sequence[str] = ()) -> Registry:
    """A new registry for the process: the ``--kinds`` ``folders`` first, then
    ``LPSOLVE_KINDS`` as it is now (the command line sets it up before anything
    runs; jobs forked later inherit it)."""
    global _current
    _current = Registry(folders)
    return _current
