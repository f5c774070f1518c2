"""What an Excel number format displays for a number (``docs/intake.md``, "What the sheet
shows").

A format has up to four sections separated by ``;`` (positive; negative; zero; text). The
section used is the positive one for a positive number, the negative one (else the first,
with a minus sign) for a negative number, the zero one (else the first) for zero. Within a
section:

- ``0``, ``#``, ``?`` are digit placeholders; the first ``.`` is the decimal point; a ``,``
  followed (within the integer part) by another digit placeholder groups thousands, any
  other ``,`` after a placeholder divides the number by 1000 (``#,##0,`` shows 35200 as 35);
- ``"text"``, ``\\c``, a ``[$¥-804]`` locale bracket and any other character are literal
  text; ``_c`` is a space, ``*c`` a fill; ``[Red]``, ``[Color10]`` are colours;
- ``General`` shows the number with Excel's 15 significant digits.

Anything else (a condition ``[<100]``, a percent, an exponent, a fraction, a date or time
code, ``@`` in a number's section) is not displayed by this module: ``None``.

Displayed values follow Excel: the value is first rounded to 15 significant digits, then
divided by 1000 per scaling comma, then rounded half away from zero to the section's
decimals. The literal text may name a unit of an exact scale (:data:`UNITS`: ``万``, ``万元``,
``亿``, ``亿元``); a literal holding one of their characters outside that table is
ambiguous (:attr:`Shown.ambiguous`).
"""

# Chinese units are this module's subject.
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Final

import attrs

EXCEL_DIGITS: Final = 15
MAX_PLACES: Final = 30
UNITS: Final[dict[str, int]] = {"万": 10**4, "万元": 10**4, "亿": 10**8, "亿元": 10**8}
SCALE_CHARACTERS: Final = frozenset("万亿千百十")
_GENERAL: Final = re.compile(r"general", re.IGNORECASE)
_COLOUR: Final = re.compile(
    r"\[(?:black|blue|cyan|green|magenta|red|white|yellow|color\s*\d+)\]", re.I
)
_UNSUPPORTED: Final = frozenset("%@eEyYmMdDhHsS/")


@attrs.frozen
class Shown:
    """What a section shows: the text, the number its digits show (``None`` when it shows
    none), the scaling commas, the unit's scale (1 for none) and whether a literal is an
    ambiguous unit."""

    text: str
    digits: Decimal | None
    commas: int = 0
    unit: int = 1
    ambiguous: bool = False


def excel_precision(value: Decimal) -> Decimal:
    """``value`` rounded half-up to 15 significant digits."""
    if not value:
        return value
    with localcontext() as ctx:
        ctx.prec = EXCEL_DIGITS
        ctx.rounding = ROUND_HALF_UP
        return +value


def _sections(number_format: str) -> list[str]:
    """The sections, split at ``;`` outside quotes, brackets and escapes."""
    sections, current, quoted, bracket, index = [], [], False, False, 0
    while index < len(number_format):
        char = number_format[index]
        if char == "\\" and not quoted and index + 1 < len(number_format):
            current.append(number_format[index : index + 2])
            index += 2
            continue
        if char == '"' and not bracket:
            quoted = not quoted
        elif char == "[" and not quoted:
            bracket = True
        elif char == "]" and not quoted:
            bracket = False
        elif char == ";" and not quoted and not bracket:
            sections.append("".join(current))
            current = []
            index += 1
            continue
        current.append(char)
        index += 1
    sections.append("".join(current))
    return sections


@attrs.define
class _Tokens:
    """A section read into literals before and after the number and its placeholders."""

    before: list[str] = attrs.Factory(list)
    after: list[str] = attrs.Factory(list)
    integer: str = ""  # the integer part's placeholders, "," kept
    decimals: str = ""  # the decimal part's placeholders
    point: bool = False
    commas: int = 0  # scaling commas
    general: bool = False

    @property
    def has_number(self) -> bool:
        return self.general or bool(self.integer.replace(",", "") or self.decimals)

    def literal(self, text: str) -> None:
        (self.after if self.has_number or self.point else self.before).append(text)


def _tokens(section: str) -> _Tokens | None:
    tokens = _Tokens()
    index = 0
    while index < len(section):
        char = section[index]
        if _GENERAL.match(section, index):
            if tokens.has_number:
                return None
            tokens.general = True
            index += len("general")
            continue
        if char == '"':
            end = section.find('"', index + 1)
            if end < 0:
                return None
            tokens.literal(section[index + 1 : end])
            index = end + 1
        elif char == "\\" and index + 1 < len(section):
            tokens.literal(section[index + 1])
            index += 2
        elif char == "[":
            end = section.find("]", index)
            if end < 0:
                return None
            bracket = section[index : end + 1]
            if bracket.startswith("[$"):
                tokens.literal(bracket[2:-1].split("-")[0])
            elif not _COLOUR.fullmatch(bracket):
                return None  # a condition, an elapsed time, a locale we do not know
            index = end + 1
        elif char in "_*":
            if char == "_":
                tokens.literal(" ")
            index += 2
        elif char in "0#?":
            if tokens.general or tokens.after or tokens.commas:
                return None  # placeholders after text or scaling: a shape not read here
            if tokens.point:
                tokens.decimals += char
            else:
                tokens.integer += char
            index += 1
        elif char == "." and not tokens.point and not tokens.general:
            tokens.point = True
            index += 1
        elif char == "," and tokens.has_number and not tokens.after and not tokens.general:
            follows = section[index + 1 : index + 2]
            if not tokens.point and follows in ("0", "#", "?"):
                tokens.integer += ","
            else:
                tokens.commas += 1
            index += 1
        elif char in _UNSUPPORTED:
            return None
        else:
            tokens.literal(char)
            index += 1
    return tokens


def _render(value: Decimal, tokens: _Tokens) -> str:
    """The number as the placeholders write it (absolute value)."""
    places = len(tokens.decimals)
    text = format(value, f".{places}f") if places else format(value, ".0f")
    whole, _, fraction = text.partition(".")
    integer = tokens.integer.replace(",", "")
    if whole == "0" and "0" not in integer:
        whole = ""
    whole = whole.rjust(integer.count("0"), "0")
    if "," in tokens.integer and whole:
        whole = f"{int(whole):,}"
    kept = len(tokens.decimals.rstrip("#?")) if tokens.decimals else 0
    fraction = fraction[:kept] + fraction[kept:].rstrip("0")
    return whole + ("." + fraction if tokens.point and (fraction or places) else "")


def display(value: float | int, number_format: str) -> Shown | None:
    """What ``number_format`` shows for ``value`` (module docstring), or ``None``."""
    sections = _sections(number_format)
    if len(sections) > 4:
        return None
    exact = excel_precision(Decimal(value))
    if exact > 0 or len(sections) == 1 or (exact < 0 and len(sections) < 2):
        section, sign = sections[0], "-" if exact < 0 else ""
    elif exact < 0:
        section, sign = sections[1], ""
    else:
        section, sign = sections[2] if len(sections) > 2 else sections[0], ""
    section = _COLOUR.sub("", section)
    tokens = _tokens(section)
    if tokens is None:
        return None
    before, after = "".join(tokens.before), "".join(tokens.after)
    literals = before + after
    unit = UNITS.get(after.strip(), 1) if not before.strip(" $¥￥€£") else 1
    ambiguous = unit == 1 and any(char in SCALE_CHARACTERS for char in literals)
    if not tokens.has_number:
        return Shown(literals, None, ambiguous=ambiguous)
    magnitude = abs(exact)
    if tokens.general:
        return Shown(before + sign + _plain(magnitude) + after, magnitude, 0, unit, ambiguous)
    places = len(tokens.decimals)
    if places > MAX_PLACES:
        return None
    scaled = magnitude.scaleb(-3 * tokens.commas)  # 15 digits: exact in any context
    with localcontext() as ctx:
        # Every digit of the integer part, one more for a carry (9.5 shows 10) and the
        # section's decimals: a double reaches 1.8e308, whose "0.00" shows 311 digits (a
        # fixed precision refused it: an internal error).
        ctx.prec = max(scaled.adjusted(), 0) + 2 + places
        digits = scaled.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = before + (sign if digits else "") + _render(digits, tokens) + after
    return Shown(text, digits, tokens.commas, unit, ambiguous)


_QUOTED: Final = re.compile(r'"[^"]*"|\\.')


def text_shown(number_format: str) -> bool:
    """Whether a text cell shows its text: a format's fourth section, when there is one,
    shows it only through ``@`` (``;;;`` hides every value, text included)."""
    sections = _sections(number_format)
    if len(sections) < 4:
        return True
    return "@" in _QUOTED.sub("", sections[3])


def _plain(value: Decimal) -> str:
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text
