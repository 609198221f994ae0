"""Finding where two backends disagree, and shrinking a program to what shows it.

`bisect` (vitir/debug/bisect.py) names the first op whose results differ between two of the
evaluator, PJRT and IREE, each op given the same operand values on both; `reduce`
(vitir/debug/reduce.py) shrinks a program by delta debugging while a property holds (bisect's
divergence, or a shell command's exit status). docs/debugging.md.
"""

from .bisect import Finding, Report, bisect, load_program, random_inputs, bind_inputs, write_reproducer
from .tolerance import TOLERANCES, Tolerance, parse_overrides

__all__ = ["Finding", "Report", "TOLERANCES", "Tolerance", "bind_inputs", "bisect", "load_program",
           "parse_overrides", "random_inputs", "write_reproducer"]
