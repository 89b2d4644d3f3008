"""2-D dataset generators and the lecture notes' tables."""

from ._generators import GENERATORS, GeneratorSpec, class_sizes, make_dataset, train_test_split
from ._tables import TABLES, Table, kids_play, tennis

__all__ = ['GeneratorSpec', 'GENERATORS', 'make_dataset', 'class_sizes', 'train_test_split',
           'Table', 'tennis', 'kids_play', 'TABLES']
