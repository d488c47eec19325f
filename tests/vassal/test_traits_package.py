"""The traits package names each export in three places (type-checking imports, the lazy-load
table, `__all__`) and each trait class once more in the registry; a name added to one and not
the others fails at a user's first lookup, not at import, so these tests hold them together."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import converter.vassal.traits as traits
from converter.vassal.traits.base import RawTrait, Trait
from converter.vassal.traits.registry import TRAIT_CLASSES

_SOURCE = Path(traits.__file__)


def _type_checking_imports() -> dict[str, str]:
    """name -> module, as the package's `if TYPE_CHECKING:` block imports them."""
    tree = ast.parse(_SOURCE.read_text(encoding="utf-8"))
    block = next(node for node in tree.body
                 if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    names: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names:
            names[alias.name] = node.module.rsplit(".", 1)[1]
    return names


def test_lazy_table_type_checking_imports_and_all_name_the_same_exports() -> None:
    home = traits._HOME
    assert _type_checking_imports() == home
    assert set(traits.__all__) == set(home)


def test_every_lazily_loaded_name_is_found_in_its_module() -> None:
    for name in traits._HOME:
        assert getattr(traits, name) is getattr(
            importlib.import_module(f"converter.vassal.traits.{traits._HOME[name]}"), name)


def test_every_trait_class_of_the_package_is_registered_and_exported() -> None:
    defined = set()
    for info in pkgutil.iter_modules(traits.__path__):
        module = importlib.import_module(f"converter.vassal.traits.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (issubclass(cls, Trait) and cls.__module__ == module.__name__
                    and cls not in (Trait, RawTrait) and not inspect.isabstract(cls)):
                defined.add(cls)
    assert defined == set(TRAIT_CLASSES)
    assert {cls.__name__ for cls in defined} <= set(traits.__all__)
