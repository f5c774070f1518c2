"""White-box tests of the parse stage (CONTRACT §4.1, §16 "Parse stage").

``parse_json(raw)`` returns the JSON value or one ``FieldError`` with path ``""``; the
``Parse`` stage puts the document in the context or halts with stage name ``"parse"``.
Number literals are kept as ``JsonNumber`` text (§4.2 needs exactly what was written).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from quotecalc.core.context import Context, FieldError
from quotecalc.stages.parse import MAX_INPUT_BYTES, JsonNumber, Parse, parse_json

CORPUS = Path(__file__).resolve().parent / "data" / "jsontestsuite" / "test_parsing"

PARSE_CODES = frozenset(
    {
        "input_too_large",
        "invalid_encoding",
        "invalid_json",
        "invalid_string",
        "non_finite_number",
        "duplicate_key",
        "invalid_type",
    }
)


def parse_error(raw: bytes) -> str:
    """The code of the parse error for ``raw`` (the test fails if it parsed)."""
    result = parse_json(raw)
    assert isinstance(result, FieldError), result
    assert result.path == ""
    return result.code


def parsed(raw: bytes) -> dict[str, object]:
    result = parse_json(raw)
    assert isinstance(result, dict), result
    return result


# ---- §4.1 rule 1: size ----


def test_limit_is_262144_bytes() -> None:
    assert MAX_INPUT_BYTES == 262144


def test_exactly_262144_bytes_is_accepted() -> None:
    raw = b"{}" + b" " * (262144 - 2)
    assert len(raw) == 262144
    assert parsed(raw) == {}


def test_262145_bytes_is_too_large() -> None:
    raw = b"{}" + b" " * (262145 - 2)
    assert len(raw) == 262145
    assert parse_error(raw) == "input_too_large"


def test_size_is_checked_before_anything_else() -> None:
    # 262145 bytes of invalid UTF-8 / garbage are still "too large" first.
    assert parse_error(b"\xff" * 262145) == "input_too_large"
    assert parse_error(b"\xef\xbb\xbf" + b"x" * 262142) == "input_too_large"


def test_size_counts_bytes_not_characters() -> None:
    # 'é' is 2 bytes in UTF-8: {"a":"<é * n>"} with 8 + 2n bytes.
    n = (262144 - 8) // 2 + 1  # one more 'é' than fits
    raw = ('{"a":"' + "\u00e9" * n + '"}').encode()
    assert len(raw) == 8 + 2 * n == 262146
    assert parse_error(raw) == "input_too_large"
    fits = ('{"a":"' + "\u00e9" * (n - 1) + '"}').encode()
    assert len(fits) == 262144
    assert parsed(fits) == {"a": "\u00e9" * (n - 1)}


# ---- rule 2: encoding ----

ENCODING: list[tuple[bytes, str]] = [
    (b"\xef\xbb\xbf{}", "UTF-8 byte-order mark"),
    (b'{"a":"\xff"}', "0xff is never UTF-8"),
    (b'{"a":"\xc0\xaf"}', "overlong encoding of '/'"),
    (b'{"a":"\xed\xa0\x80"}', "UTF-8-encoded surrogate U+D800"),
    (b'{"a":"\xe6\x97"}', "truncated 3-byte sequence"),
    (b'{"a":"\xf4\x90\x80\x80"}', "above U+10FFFF"),
    (b'{"a":"\xe9"}', "ISO-8859-1 e-acute"),
    (b"\xff\xfe{\x00}\x00", "UTF-16LE with BOM"),
]


@pytest.mark.parametrize(("raw", "why"), ENCODING)
def test_invalid_encoding(raw: bytes, why: str) -> None:
    assert parse_error(raw) == "invalid_encoding", why


# ---- rule 3: strict RFC 8259 ----

STRICT: list[tuple[bytes, str]] = [
    (b"", "empty input"),
    (b"   ", "only whitespace"),
    (b"{", "unclosed object"),
    (b'{"a":1,}', "trailing comma in object"),
    (b'{"a":[1,2,]}', "trailing comma in array"),
    (b"{'a':1}", "single quotes"),
    (b'{"a":1} // c', "line comment after the value"),
    (b'{"a":/* c */1}', "block comment"),
    (b'{"a":1}{}', "two values"),
    (b'{"a":1} x', "garbage after the value"),
    (b'{"a":01}', "leading zero"),
    (b'{"a":.5}', "no integer part"),
    (b'{"a":+1}', "plus sign"),
    (b'{"a":1.}', "no fraction digits"),
    (b'{"a":"\t"}', "raw control character in a string"),
    (b'{"a":"\\x41"}', "invalid escape"),
    (b"{a:1}", "unquoted key"),
    (b'{"a" 1}', "missing colon"),
    (b'\x0c{"a":1}', "form feed is not JSON whitespace"),
    (b'\xc2\xa0{"a":1}', "no-break space is not JSON whitespace"),
    (b'{"a":True}', "Python literal"),
    (b'{"a":1}\x00', "NUL after the value"),
    (b"{\x00}\x00", "UTF-16LE without BOM: valid UTF-8 (NULs), but not JSON"),
]


@pytest.mark.parametrize(("raw", "why"), STRICT)
def test_invalid_json(raw: bytes, why: str) -> None:
    assert parse_error(raw) == "invalid_json", why


def test_surrounding_whitespace_is_allowed() -> None:
    assert parsed(b' \t\r\n{"a":"b"} \n') == {"a": "b"}


# ---- rule 4: non-finite literals ----


@pytest.mark.parametrize(
    "raw",
    [b'{"a":NaN}', b'{"a":Infinity}', b'{"a":-Infinity}', b'{"a":[1,{"b":NaN}]}'],
)
def test_non_finite_literal(raw: bytes) -> None:
    assert parse_error(raw) == "non_finite_number"


# ---- rule 5: duplicate keys at any depth ----

DUPLICATES: list[bytes] = [
    b'{"a":1,"a":1}',
    b'{"a":1,"a":2}',
    b'{"a":{"b":1,"b":2}}',
    b'{"a":[{"x":1},{"y":1,"y":1}]}',
    b'{"q":[[[{"k":{"z":1,"z":null}}]]]}',
    b'{"a":1,"\\u0061":2}',  # "\u0061" decodes to "a": the same key
]


@pytest.mark.parametrize("raw", DUPLICATES)
def test_duplicate_key(raw: bytes) -> None:
    assert parse_error(raw) == "duplicate_key"


def test_same_key_in_different_objects_is_fine() -> None:
    assert parsed(b'{"a":{"b":1},"c":{"b":1}}').keys() == {"a", "c"}


# ---- rule 6: unpaired surrogate escapes ----

LONE_SURROGATES: list[tuple[bytes, str]] = [
    (b'{"\\ud800":1}', "high surrogate in a key"),
    (b'{"a":"\\ud800"}', "high surrogate in a value"),
    (b'{"a":"\\udc00"}', "low surrogate in a value"),
    (b'{"\\udfff":"x"}', "low surrogate in a key"),
    (b'{"a":["x","\\ud800"]}', "inside an array"),
    (b'{"a":{"b":{"\\udbff":1}}}', "nested key"),
    (b'{"a":"\\udd1e\\ud834"}', "pair in the wrong order"),
    (b'{"a":"\\ud800\\u0041"}', "high surrogate followed by a non-surrogate"),
    (b'{"a":"x\\ud800y"}', "high surrogate between letters"),
    (b'{"a":' + b"[" * 200 + b'"\\ud800"' + b"]" * 200 + b"}", "200 arrays deep"),
]


@pytest.mark.parametrize(("raw", "why"), LONE_SURROGATES)
def test_lone_surrogate(raw: bytes, why: str) -> None:
    assert parse_error(raw) == "invalid_string", why


def test_valid_surrogate_pair_escape_is_accepted() -> None:
    # \ud834\udd1e is U+1D11E MUSICAL SYMBOL G CLEF, in a value and in a key.
    document = parsed(b'{"a":"\\ud834\\udd1e","\\ud83d\\ude00":"x"}')
    assert document == {"a": "\U0001d11e", "\U0001f600": "x"}


def test_escaped_backslash_u_is_not_an_escape() -> None:
    # "\\ud800" is a backslash followed by the letters u d 8 0 0.
    assert parsed(b'{"a":"\\\\ud800"}') == {"a": "\\ud800"}


# ---- rule 7: any nesting depth, never a RecursionError ----


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 100000,
        b"[" * 100000 + b"]" * 100000,
        b'{"a":' * 50000 + b"1" + b"}" * 50000,
        b'{"a":' * 50000,
    ],
)
def test_deep_nesting_is_a_parse_error_not_a_crash(raw: bytes) -> None:
    # §16: nesting too deep for the parser -> invalid_json (any invalid_input acceptable).
    assert parse_error(raw) in PARSE_CODES


def test_deep_nesting_through_the_stage_halts() -> None:
    ctx = Parse()(Context(raw=b"[" * 100000 + b"]" * 100000))
    assert ctx.halt is not None
    assert ctx.halt.stage == "parse"
    assert len(ctx.errors) == 1
    assert ctx.errors[0].path == ""


# ---- rule 8: top-level value must be an object ----


@pytest.mark.parametrize("raw", [b"[]", b"[{}]", b"1", b"0", b'"s"', b"null", b"true", b"false"])
def test_top_level_non_object(raw: bytes) -> None:
    assert parse_error(raw) == "invalid_type"


# ---- numbers stay as their text ----

NUMBER_TEXTS = ["-0", "1e3", "1E-2", "35.00", "0", "5", "1.0", "-1.5e+10", "0.0000001"]


@pytest.mark.parametrize("text", NUMBER_TEXTS)
def test_number_literal_kept_as_text(text: str) -> None:
    document = parsed(b'{"n":' + text.encode() + b"}")
    number = document["n"]
    assert isinstance(number, JsonNumber)
    assert number.text == text


def test_numbers_inside_arrays_and_objects_are_kept_too() -> None:
    document = parsed(b'{"a":[1, {"b": 2.50}]}')
    outer = document["a"]
    assert isinstance(outer, list)
    first, inner = outer
    assert isinstance(first, JsonNumber)
    assert first.text == "1"
    assert isinstance(inner, dict)
    assert isinstance(inner["b"], JsonNumber)
    assert inner["b"].text == "2.50"


def test_5000_digit_integer_does_not_hit_the_int_digit_limit() -> None:
    # Python's int() refuses more than 4300 digits by default; the literal must stay text.
    digits = "9" * 5000
    document = parsed(b'{"n":' + digits.encode() + b"}")
    number = document["n"]
    assert isinstance(number, JsonNumber)
    assert number.text == digits


def test_huge_exponent_is_kept_as_text() -> None:
    document = parsed(b'{"n":1e999999}')
    number = document["n"]
    assert isinstance(number, JsonNumber)
    assert number.text == "1e999999"


def test_strings_and_literals_are_plain_python_values() -> None:
    document = parsed(b'{"s":"x","t":true,"f":false,"z":null,"a":[],"o":{}}')
    assert document == {"s": "x", "t": True, "f": False, "z": None, "a": [], "o": {}}


# ---- the stage ----


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"[]", "invalid_type"),
        (b"", "invalid_json"),
        (b'{"a":NaN}', "non_finite_number"),
        (b'{"a":1,"a":2}', "duplicate_key"),
        (b'{"a":"\\ud800"}', "invalid_string"),
        (b"\xef\xbb\xbf{}", "invalid_encoding"),
        (b"{}" + b" " * 262143, "input_too_large"),
    ],
)
def test_stage_halts_with_one_error_at_the_root(raw: bytes, code: str) -> None:
    ctx = Parse()(Context(raw=raw))
    assert ctx.halt is not None
    assert ctx.halt.stage == "parse"
    assert ctx.errors == (FieldError(code, ""),)
    assert ctx.document is None
    assert ctx.request is None


def test_stage_puts_the_document_in_the_context() -> None:
    before = Context(raw=b'{"quotes":[{"supplierId":"A"}],"quantity":100}')
    ctx = Parse()(before)
    assert ctx.halt is None
    assert ctx.errors == ()
    assert isinstance(ctx.document, dict)
    assert ctx.document["quotes"] == [{"supplierId": "A"}]
    quantity = ctx.document["quantity"]
    assert isinstance(quantity, JsonNumber)
    assert quantity.text == "100"
    # the stage returned a new context; the one it got is unchanged
    assert before.document is None
    assert ctx.raw == before.raw


def test_stage_name() -> None:
    assert Parse().name == "parse"


# ---- the bundled JSONTestSuite corpus ----


def _corpus(prefix: str) -> list[Path]:
    return sorted(CORPUS.glob(f"{prefix}_*.json"))


@pytest.mark.parametrize("path", _corpus("n"), ids=lambda p: p.name)
def test_corpus_must_reject(path: Path) -> None:
    # Every n_ file is not valid JSON (or not valid UTF-8): one parse error at "".
    allowed = {"invalid_json", "invalid_encoding", "non_finite_number", "invalid_type"}
    assert parse_error(path.read_bytes()) in allowed


@pytest.mark.parametrize("path", _corpus("y"), ids=lambda p: p.name)
def test_corpus_must_accept(path: Path) -> None:
    # Every y_ file is valid JSON: it parses unless it is not an object (invalid_type) or
    # repeats a key (duplicate_key, stricter than RFC 8259 by §4.1 rule 5).
    raw = path.read_bytes()
    result = parse_json(raw)
    if isinstance(result, FieldError):
        expected = "duplicate_key" if "duplicated_key" in path.name else "invalid_type"
        assert result == FieldError(expected, "")
        if expected == "invalid_type":
            assert not raw.strip().startswith(b"{")
    else:
        assert isinstance(result, dict)


@pytest.mark.parametrize("path", _corpus("i"), ids=lambda p: p.name)
def test_corpus_implementation_defined_never_crashes(path: Path) -> None:
    result = parse_json(path.read_bytes())
    if isinstance(result, FieldError):
        assert result.path == ""
        assert result.code in PARSE_CODES
    else:
        assert isinstance(result, dict)


# ---- decode_json: the stage's syntax rules for a door that wraps requests (issue #10) --------


def test_decode_json_keeps_duplicates_as_pairs_only_when_asked() -> None:
    from quotecalc.stages.parse import ObjectPairs, decode_json

    raw = b'{"a":[{"k":1,"k":2}],"b":{}}'
    assert decode_json(raw) == FieldError("duplicate_key", "")
    pairs = decode_json(raw, keep_duplicates=True)
    assert isinstance(pairs, ObjectPairs)
    assert [key for key, _ in pairs] == ["a", "b"]
    inner = pairs[0][1]
    assert isinstance(inner, list) and not isinstance(inner, ObjectPairs)
    assert isinstance(inner[0], ObjectPairs)
    assert [(key, value.text) for key, value in inner[0]] == [("k", "1"), ("k", "2")]
    assert isinstance(pairs[1][1], ObjectPairs) and pairs[1][1] == []
    assert decode_json(b'{"x":NaN}', keep_duplicates=True) == FieldError("non_finite_number", "")
    assert decode_json(b"[1,]", keep_duplicates=True) == FieldError("invalid_json", "")


def test_decode_json_limits_are_parameters_with_the_stage_defaults() -> None:
    from quotecalc.stages.parse import MAX_NESTING, decode_json

    big = b" " * MAX_INPUT_BYTES + b"{}"
    assert decode_json(big) == FieldError("input_too_large", "")
    assert decode_json(big, max_bytes=len(big)) == {}
    deep = b"[" * (MAX_NESTING + 1) + b"]" * (MAX_NESTING + 1)
    assert decode_json(deep) == FieldError("invalid_json", "")
    assert decode_json(deep, max_nesting=MAX_NESTING + 1) != FieldError("invalid_json", "")
    assert parse_json(deep) == FieldError("invalid_json", "")
