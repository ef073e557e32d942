#!/usr/bin/env python3
"""Seeded generator of the GeneratedCodingTests model shapes and documents.

Rerun from the package root (the output is deterministic for a seed; commit both outputs):

    python3 Tests/GeneratedCodingTests/generate.py --seed 20240531

Writes
  Tests/GeneratedCodingTests/GeneratedShapes.swift      ~45 types annotated @TapeJSONCodable, and the
                                                        registry the differential tests walk
  Tests/GeneratedCodingTests/Fixtures/documents.json    per type: valid documents and mutations of them

`--no-macro` writes the shapes with the `@TapeJSONCodable` lines commented out (and `import TapeJSON`
in place of `import TapeJSONMacros`): both paths are then the Codable path, which checks the harness
before the macro exists.

Documents are kept as JSON *text* (strings in the fixture), so that duplicate keys, escaped keys and
number spellings (-0, 1e400, 30-digit integers) reach the decoder exactly as written.
"""

import argparse
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------------
# JSON text with control over spelling


class Raw(str):
    """A JSON value written as is (number spellings)."""


class Obj(list):
    """A JSON object as a list of (key, value) pairs: keys may repeat; a key may be a RawKey."""


class RawKey(str):
    """A key written as is, quotes included (escaped spellings)."""


def dump(v):
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, Obj):
        parts = []
        for k, x in v:
            key = str(k) if isinstance(k, RawKey) else json.dumps(k, ensure_ascii=False)
            parts.append(key + ":" + dump(x))
        return "{" + ",".join(parts) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, float):
        return repr(v)
    return str(v)


# ---------------------------------------------------------------------------------------------------
# Field types: ('prim', name) ('opt', t) ('arr', t) ('set', t) ('dict', 'String'|'Int', t) ('ref', name)

INT_RANGES = {
    "Int8": (-128, 127), "UInt8": (0, 255), "Int16": (-32768, 32767), "UInt16": (0, 65535),
    "Int32": (-2**31, 2**31 - 1), "UInt32": (0, 2**32 - 1), "Int64": (-2**63, 2**63 - 1),
    "UInt64": (0, 2**64 - 1), "Int": (-2**63, 2**63 - 1), "UInt": (0, 2**64 - 1),
}
FLOATS = ["Float", "Double"]
SCALARS = list(INT_RANGES) + FLOATS + ["Bool", "String"]
FOUNDATION = ["Date", "Data", "URL", "Decimal"]

STRINGS = ["", "hello", "a/b/c", "ünïcødé", "tab\there", "quote\"d", "emoji 😀", "back\\slash",
           "line\nbreak", "snake_case_value", "CamelValue", "\u0001ctl", "日本語", "e\u0301"]
DICT_KEYS = ["a", "b/c", "ключ", "user_id", "userId", "with space", "", "Ω", "x.y"]


def P(name):
    return ("prim", name)


def swift_type(t):
    k = t[0]
    if k == "prim":
        return t[1]
    if k == "opt":
        return swift_type(t[1]) + "?"
    if k == "arr":
        return "[" + swift_type(t[1]) + "]"
    if k == "set":
        return "Set<" + swift_type(t[1]) + ">"
    if k == "dict":
        return "[" + t[1] + ": " + swift_type(t[2]) + "]"
    if k == "ref":
        return t[1]
    raise ValueError(t)


class Field:
    def __init__(self, name, t, key=None, mode="normal", default=None):
        self.name = name      # Swift property name
        self.t = t
        self.key = key        # custom CodingKeys raw value (None: the name)
        self.mode = mode      # normal | letconst (let x = v) | vardefault (var x: T = v) | leftout
        self.default = default

    @property
    def json_key(self):
        return self.key if self.key is not None else self.name

    @property
    def decoded(self):
        return self.mode in ("normal", "vardefault")

    @property
    def required(self):
        return self.decoded and self.t[0] != "opt"


class Struct:
    def __init__(self, name, fields, custom_keys=False, generic=None, doc=""):
        self.name = name
        self.fields = fields
        self.custom_keys = custom_keys or any(f.key is not None or f.mode == "leftout" for f in fields)
        self.generic = generic  # declaration text of the generic parameter clause, e.g. "<T: Codable & Equatable>"
        self.doc = doc


class RawEnum:
    def __init__(self, name, raw, cases):
        self.name = name
        self.raw = raw        # "String" | "Int"
        self.cases = cases    # [(swiftName, rawValue or None)]

    def raw_values(self):
        if self.raw == "String":
            return [r if r is not None else n for n, r in self.cases]
        out, nxt = [], 0
        for n, r in self.cases:
            v = r if r is not None else nxt
            out.append(v)
            nxt = v + 1
        return out


class AssocEnum:
    def __init__(self, name, cases, keys=None):
        self.name = name
        self.cases = cases    # [(caseName, None | [(label or None, type)])]
        self.keys = keys      # {caseName: raw} for a CodingKeys enum

    def case_key(self, n):
        if self.keys and n in self.keys:
            return self.keys[n]
        return n

    @staticmethod
    def payload_key(i, label):
        return label if label else "_%d" % i


# ---------------------------------------------------------------------------------------------------
# The shapes

def build_shapes(rng):
    types = {}
    order = []

    def add(t):
        types[t.name] = t
        order.append(t)
        return t

    add(RawEnum("Color", "String", [("red", None), ("green", "GREEN"), ("blue", "b/lue"), ("unicode", "ünï"),
                                    ("spaced", "with space")]))
    add(RawEnum("Priority", "Int", [("low", None), ("normal", 5), ("high", None), ("critical", -1)]))
    add(AssocEnum("Geometry", [
        ("circle", [("radius", P("Double"))]),
        ("rect", [(None, P("Double")), (None, P("Double"))]),
        ("point", None),
        ("labelled", [("name", P("String")), ("tags", ("opt", ("arr", P("String"))))]),
        ("mixed", [(None, P("Int")), ("label", P("String"))]),
        ("flag", [("on", ("opt", P("Bool")))]),
    ]))
    add(AssocEnum("Command", [
        ("run", [("program", P("String")), ("arguments", ("arr", P("String")))]),
        ("stop", None),
        ("pause", [(None, ("opt", P("Int32")))]),
        ("paint", [("color", ("ref", "Color"))]),
    ], keys={"run": "RUN", "pause": "p/ause"}))
    add(Struct("Inner", [Field("id", P("Int")), Field("name", P("String")), Field("score", ("opt", P("Double")))]))
    add(Struct("AllNumbers", [Field(n[0].lower() + n[1:], P(n)) for n in list(INT_RANGES) + FLOATS]))
    add(Struct("Scalars", [Field("flag", P("Bool")), Field("text", P("String")), Field("count", P("Int")),
                           Field("ratio", P("Double")), Field("small", P("Float")),
                           Field("maybe", ("opt", P("Bool")))]))
    add(Struct("Optionals", [Field("a", ("opt", P("Int"))), Field("b", ("opt", P("String"))),
                             Field("c", ("opt", ("ref", "Inner"))), Field("d", ("opt", ("arr", ("opt", P("Int"))))),
                             Field("e", ("opt", ("ref", "Color"))), Field("f", ("opt", P("UInt8")))]))
    add(Struct("Collections", [Field("ints", ("arr", P("Int"))), Field("names", ("set", P("String"))),
                               Field("byName", ("dict", "String", P("Double"))),
                               Field("byId", ("dict", "Int", ("ref", "Inner"))),
                               Field("matrix", ("arr", ("arr", P("Int16")))),
                               Field("idSet", ("set", P("Int")))]))
    add(Struct("KeyedOddly", [
        Field("slash", P("Int"), key="a/b"), Field("unicode", P("String"), key="ünï"),
        Field("spaced", P("Bool"), key="with space"), Field("dotted", ("opt", P("Int")), key="x.y"),
        Field("userName", P("String"), key="user_name"), Field("plain", P("Double")),
        Field("skipped", P("Int"), mode="leftout", default="42"),
        Field("version", None, mode="letconst", default="3"),
        Field("retries", P("Int"), mode="vardefault", default="7"),
    ]))
    add(Struct("Defaults", [
        Field("id", P("Int")),
        Field("kind", None, mode="letconst", default='"fixed"'),
        Field("limit", P("Int"), mode="vardefault", default="10"),
        Field("label", ("opt", P("String")), mode="vardefault", default='"none"'),
        Field("tags", ("arr", P("String")), mode="vardefault", default="[]"),
    ]))
    add(Struct("PlainHolder", [Field("point", ("ref", "PlainPoint")), Field("points", ("arr", ("ref", "PlainPoint"))),
                               Field("maybePoint", ("opt", ("ref", "PlainPoint")))]))
    add(Struct("FoundationHolder", [Field("when", P("Date")), Field("blob", P("Data")), Field("link", P("URL")),
                                    Field("amount", P("Decimal")), Field("dates", ("arr", P("Date"))),
                                    Field("maybeWhen", ("opt", P("Date"))), Field("maybeBlob", ("opt", P("Data")))]))
    add(Struct("Enums", [Field("color", ("ref", "Color")), Field("priority", ("ref", "Priority")),
                         Field("shape", ("ref", "Geometry")), Field("commands", ("arr", ("ref", "Command"))),
                         Field("colorsByName", ("dict", "String", ("ref", "Color"))),
                         Field("maybeShape", ("opt", ("ref", "Geometry")))]))
    add(Struct("Nested", [Field("inner", ("ref", "Inner")), Field("inners", ("arr", ("ref", "Inner"))),
                          Field("deep", ("ref", "Optionals")), Field("byKey", ("dict", "String", ("arr", ("ref", "Inner"))))]))
    add(Struct("Box", [Field("value", ("ref", "T")), Field("values", ("opt", ("arr", ("ref", "T")))),
                       Field("label", P("String"))], generic="<T: Codable & Equatable>"))
    add(Struct("Pair", [Field("first", ("ref", "A")), Field("second", ("ref", "B"))],
               generic="<A: Codable & Equatable, B: Codable & Equatable>"))

    # Corpus-like: the synthetic log lines (LogLine) and a twitter status subset.
    add(Struct("LogHeaders", [Field("xForwardedFor", P("String")), Field("acceptLanguage", P("String")),
                              Field("xCache", ("opt", P("String")))]))
    add(Struct("LogHTTPInfo", [Field("method", P("String")), Field("path", P("String")), Field("status", P("Int")),
                               Field("bytesSent", P("Int")), Field("durationMs", P("Double")),
                               Field("remoteIp", P("String")), Field("userAgent", P("String")), Field("tls", P("Bool")),
                               Field("headers", ("opt", ("ref", "LogHeaders"))), Field("referer", ("opt", P("String")))]))
    add(Struct("LogErrorDetail", [Field("type", P("String")), Field("message", P("String")),
                                  Field("retryable", P("Bool")), Field("stack", ("arr", P("String")))]))
    add(Struct("LogRecord", [Field("timestamp", P("String")), Field("level", P("String")), Field("service", P("String")),
                             Field("host", P("String")), Field("pid", P("Int")), Field("message", P("String")),
                             Field("requestId", ("opt", P("String"))), Field("userId", ("opt", P("Int64"))),
                             Field("http", ("opt", ("ref", "LogHTTPInfo"))), Field("durationMs", ("opt", P("Double"))),
                             Field("tags", ("opt", ("arr", P("String")))), Field("metrics", ("opt", ("arr", P("Double")))),
                             Field("error", ("opt", ("ref", "LogErrorDetail"))), Field("sampled", P("Bool")),
                             Field("parentSpan", ("opt", P("String"))), Field("big", ("opt", P("Int64")))]))
    add(Struct("TwMetadata", [Field("resultType", P("String")), Field("isoLanguageCode", P("String"))]))
    add(Struct("TwMention", [Field("screenName", P("String")), Field("name", P("String")), Field("id", P("Int64")),
                             Field("idStr", P("String")), Field("indices", ("arr", P("Int")))]))
    add(Struct("TwUser", [Field("id", P("Int64")), Field("idStr", P("String")), Field("name", P("String")),
                          Field("screenName", P("String")), Field("followersCount", P("Int")),
                          Field("protected", P("Bool")), Field("utcOffset", ("opt", P("Int"))),
                          Field("timeZone", ("opt", P("String")))]))
    add(Struct("TwStatus", [Field("metadata", ("ref", "TwMetadata")), Field("createdAt", P("String")),
                            Field("id", P("Int64")), Field("idStr", P("String")), Field("text", P("String")),
                            Field("user", ("ref", "TwUser")), Field("userMentions", ("arr", ("ref", "TwMention"))),
                            Field("retweetCount", P("Int")), Field("favoriteCount", P("Int")),
                            Field("favorited", P("Bool")), Field("lang", P("String")),
                            Field("inReplyToStatusId", ("opt", P("Int64")))]))

    # Minimized from the first runs with the macro: the generated path gives up after reading a member
    # (a later member is wrong or missing, a value cannot be encoded), and the Codable path runs again.
    add(Struct("DupThenFail", [Field("a", P("Int")), Field("b", P("Int"))]))
    add(Struct("DateThenFail", [Field("when", P("Date")), Field("n", P("Int"))]))
    add(Struct("DataThenFail", [Field("blob", P("Data")), Field("x", P("Double"))]))

    # Random structs over the pool, nesting the types above.
    pool_leaf = SCALARS + FOUNDATION
    refs = ["Inner", "Color", "Priority", "Geometry", "PlainPoint", "Defaults", "KeyedOddly", "Command"]
    odd_keys = ["k/%d", "ключ%d", "key %d", "K_%d", "x.%d", "ü%d"]
    for i in range(1, 17):
        fields = []
        for j in range(rng.randint(2, 7)):
            r = rng.random()
            if r < 0.45:
                t = P(rng.choice(pool_leaf)) if rng.random() < 0.8 else P(rng.choice(SCALARS))
                t = ("prim", t[1])
            elif r < 0.7:
                t = ("ref", rng.choice(refs + ["R%02d" % k for k in range(1, i)]))
            elif r < 0.8:
                t = ("arr", P(rng.choice(SCALARS)) if rng.random() < 0.6 else ("ref", rng.choice(refs)))
            elif r < 0.87:
                t = ("set", P(rng.choice(["String", "Int", "UInt16"])))
            else:
                t = ("dict", rng.choice(["String", "Int"]), P(rng.choice(SCALARS)) if rng.random() < 0.6
                     else ("ref", rng.choice(refs)))
            if rng.random() < 0.3:
                t = ("opt", t)
            key = None
            if rng.random() < 0.25:
                key = rng.choice(odd_keys) % j
            fields.append(Field("f%d%s" % (j, rng.choice(["", "Name", "Value", "ID"])), t, key=key))
        if rng.random() < 0.3:
            fields.append(Field("extra", P("Int"), mode="vardefault", default="1"))
        if rng.random() < 0.3:
            fields.append(Field("constant", None, mode="letconst", default='"c"'))
        if any(f.key for f in fields) and rng.random() < 0.5:
            fields.append(Field("notCoded", P("String"), mode="leftout", default='"n"'))
        add(Struct("R%02d" % i, fields))
    return types, order


# The test entries: concrete types (generic ones instantiated) with their field types resolved.
GENERIC_INSTANCES = [
    ("Box<Int>", "Box", {"T": P("Int")}),
    ("Box<Color>", "Box", {"T": ("ref", "Color")}),
    ("Box<Inner>", "Box", {"T": ("ref", "Inner")}),
    ("Box<[String: Double]>", "Box", {"T": ("dict", "String", P("Double"))}),
    ("Box<Geometry?>", "Box", {"T": ("opt", ("ref", "Geometry"))}),
    ("Pair<String, Int8?>", "Pair", {"A": P("String"), "B": ("opt", P("Int8"))}),
    ("Pair<Box<Int>, [Priority]>", "Pair", {"A": ("ref", "Box<Int>"), "B": ("arr", ("ref", "Priority"))}),
]


def subst(t, env):
    if t is None:
        return None
    if t[0] == "ref" and t[1] in env:
        return env[t[1]]
    if t[0] in ("opt", "arr", "set"):
        return (t[0], subst(t[1], env))
    if t[0] == "dict":
        return ("dict", t[1], subst(t[2], env))
    return t


# ---------------------------------------------------------------------------------------------------
# Swift declarations

def swift_literal_type(default):
    return "String" if default.startswith('"') else "Int"


def declare(t, annotated):
    attr = "@TapeJSONCodable" if annotated else "// @TapeJSONCodable"
    lines = []
    if isinstance(t, RawEnum):
        lines.append(attr)
        lines.append("enum %s: %s, Codable, Equatable, Hashable, Sendable {" % (t.name, t.raw))
        for n, r in t.cases:
            if r is None:
                lines.append("    case %s" % n)
            elif t.raw == "String":
                lines.append("    case %s = %s" % (n, json.dumps(r, ensure_ascii=False)))
            else:
                lines.append("    case %s = %d" % (n, r))
        lines.append("}")
    elif isinstance(t, AssocEnum):
        lines.append(attr)
        lines.append("enum %s: Codable, Equatable, Sendable {" % t.name)
        for n, params in t.cases:
            if params is None:
                lines.append("    case %s" % n)
            else:
                ps = ", ".join(("%s: %s" % (l, swift_type(pt))) if l else swift_type(pt) for l, pt in params)
                lines.append("    case %s(%s)" % (n, ps))
        if t.keys:
            lines.append("")
            lines.append("    enum CodingKeys: String, CodingKey {")
            for n, _ in t.cases:
                if n in t.keys:
                    lines.append("        case %s = %s" % (n, json.dumps(t.keys[n], ensure_ascii=False)))
                else:
                    lines.append("        case %s" % n)
            lines.append("    }")
        lines.append("}")
    else:
        lines.append(attr)
        sendable = "" if t.generic else ", Sendable"
        lines.append("struct %s%s: Codable, Equatable%s {" % (t.name, t.generic or "", sendable))
        for f in t.fields:
            if f.mode == "letconst":
                lines.append("    let %s = %s" % (f.name, f.default))
            elif f.mode in ("vardefault", "leftout"):
                lines.append("    var %s: %s = %s" % (f.name, swift_type(f.t), f.default))
            else:
                lines.append("    var %s: %s" % (f.name, swift_type(f.t)))
        if t.custom_keys:
            lines.append("")
            lines.append("    enum CodingKeys: String, CodingKey {")
            for f in t.fields:
                if f.mode == "leftout":
                    continue
                if f.key is not None:
                    lines.append("        case %s = %s" % (f.name, json.dumps(f.key, ensure_ascii=False)))
                else:
                    lines.append("        case %s" % f.name)
            lines.append("    }")
        lines.append("}")
        if t.generic:
            params = re.findall(r"(\w+):", t.generic)
            lines.append("extension %s: Sendable where %s {}" % (t.name, ", ".join("%s: Sendable" % p for p in params)))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------
# Valid documents

class Gen:
    def __init__(self, rng, types, instances):
        self.rng = rng
        self.types = types
        self.instances = instances  # concrete name -> Struct with resolved field types

    def lookup(self, name):
        if name in self.instances:
            return self.instances[name]
        if name == "PlainPoint":
            return "PlainPoint"
        return self.types[name]

    def scalar(self, name):
        rng = self.rng
        if name in INT_RANGES:
            lo, hi = INT_RANGES[name]
            picks = [0, 1, lo, hi, rng.randint(max(lo, -1000), min(hi, 1000)), rng.randint(lo, hi)]
            return Raw(str(rng.choice(picks)))
        if name == "Float":
            return Raw(rng.choice(["0.5", "-1.25", "3.4028235e38", "1e-07", "100", "0.1", "-0", "16777217"]))
        if name == "Double":
            return Raw(rng.choice(["3.141592653589793", "-0.0", "1e21", "2.5e-08", "0.1", "12345.678", "1",
                                   "-9007199254740993", "5e-324", "1.7976931348623157e308"]))
        if name == "Bool":
            return rng.random() < 0.5
        if name == "String":
            return rng.choice(STRINGS)
        if name == "Date":
            return rng.choice([Raw("1700000000.5"), Raw("0"), Raw("-86400"), Raw("1700000000123"),
                               "2024-03-01T12:00:00Z", "2024-03-01T12:00:00.123Z", "2024-03-01", "yesterday"])
        if name == "Data":
            return rng.choice(["aGVsbG8=", "", "AAEC/w==", [104, 105], [], "not base64!"])
        if name == "URL":
            return rng.choice(["https://example.com/a/b?c=d", "relative/path", "file:///tmp/x y",
                               "https://ü.example/ä"])
        if name == "Decimal":
            return Raw(rng.choice(["12.345", "123456789012345678901234567890", "-0.001", "0", "1e10", "-7"]))
        raise ValueError(name)

    def value(self, t, depth=0):
        rng = self.rng
        k = t[0]
        if k == "prim":
            return self.scalar(t[1])
        if k == "opt":
            return None if rng.random() < 0.25 else self.value(t[1], depth)
        if k == "arr":
            n = rng.randint(0, 3 if depth < 2 else 1)
            return [self.value(t[1], depth + 1) for _ in range(n)]
        if k == "set":
            n = rng.randint(0, 3)
            vals = []
            for _ in range(n):
                v = self.value(t[1], depth + 1)
                if dump(v) not in [dump(x) for x in vals]:
                    vals.append(v)
            return vals
        if k == "dict":
            n = rng.randint(0, 3 if depth < 2 else 1)
            obj = Obj()
            used = set()
            for _ in range(n):
                key = rng.choice(DICT_KEYS) if t[1] == "String" else str(rng.choice([0, 1, -5, 42, 1000000]))
                if key in used:
                    continue
                used.add(key)
                obj.append((key, self.value(t[2], depth + 1)))
            return obj
        if k == "ref":
            return self.named(t[1], depth + 1)
        raise ValueError(t)

    def named(self, name, depth=0):
        rng = self.rng
        t = self.lookup(name)
        if t == "PlainPoint":
            return Obj([("x", Raw(str(rng.randint(-5, 5)))), ("y", Raw(str(rng.randint(-5, 5))))])
        if isinstance(t, RawEnum):
            v = rng.choice(t.raw_values())
            return v if t.raw == "String" else Raw(str(v))
        if isinstance(t, AssocEnum):
            n, params = rng.choice(t.cases)
            payload = Obj()
            for i, (label, pt) in enumerate(params or []):
                if pt[0] == "opt" and rng.random() < 0.3:
                    continue
                payload.append((AssocEnum.payload_key(i, label), self.value(pt, depth + 1)))
            return Obj([(t.case_key(n), payload)])
        obj = Obj()
        for f in t.fields:
            if f.mode == "leftout":
                if rng.random() < 0.3:
                    obj.append((f.json_key, Raw("99")))
                continue
            if f.mode == "letconst":
                if rng.random() < 0.4:
                    obj.append((f.json_key, Raw("4") if "Int" in swift_literal_type(f.default) else "other"))
                continue
            if f.t[0] == "opt" and rng.random() < 0.25:
                continue
            obj.append((f.json_key, self.value(f.t, depth)))
        if rng.random() < 0.3:
            rng.shuffle(obj)
        return obj


def camel_to_snake(s):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", s).lower()


def camel_to_kebab(s):
    return camel_to_snake(s).replace("_", "-")


def wrong_values(t):
    """Values of the wrong JSON type for t."""
    if t[0] == "opt":
        t = t[1]
    k = t[0]
    if k == "prim":
        if t[1] in INT_RANGES or t[1] in FLOATS or t[1] == "Decimal":
            return ["12", True, Obj()]
        if t[1] == "Bool":
            return [Raw("1"), "true"]
        if t[1] in ("String", "URL"):
            return [Raw("1"), False, []]
        if t[1] == "Date":
            return [True, Obj([("a", Raw("1"))])]
        if t[1] == "Data":
            return [Raw("1"), Obj()]
    if k in ("arr", "set"):
        return [Obj(), "[]", [Obj([("z", Raw("1"))]), True]]
    if k == "dict":
        return [[], "x", Obj([("k", [True, "x"])])] if t[1] == "String" else [[], Obj([("notAnInt", Raw("1"))])]
    if k == "ref":
        return [[], "x", Raw("3.5"), Obj([("unknown", Obj())])]
    return ["?"]


BIG_NUMBERS = ["9007199254740993", "1e400", "-0", "123456789012345678901234567890", "1.0", "1.5", "-1", "256",
               "1e2", "-0.0", "18446744073709551616", "-9223372036854775809", "4294967296", "1E-400", "65536"]
NONCONFORMING = ["nan", "inf", "-inf", "NaN", "Infinity"]


def is_numeric(t):
    if t[0] == "opt":
        t = t[1]
    return t[0] == "prim" and (t[1] in INT_RANGES or t[1] in FLOATS or t[1] == "Decimal")


def is_float(t):
    if t[0] == "opt":
        t = t[1]
    return t[0] == "prim" and t[1] in FLOATS


def escape_key(key):
    """The key written with its first character as a \\u escape."""
    if not key:
        return RawKey('"\\u0000"')
    first = key[0]
    rest = json.dumps(key[1:], ensure_ascii=False)[1:-1]
    return RawKey('"\\u%04x%s"' % (ord(first), rest) if ord(first) < 0x10000 else json.dumps(key))


def mutations_struct(g, t, name, valid):
    """Mutations of the valid documents of the struct t."""
    rng = g.rng
    docs = []
    decoded = [f for f in t.fields if f.decoded]
    required = [f for f in t.fields if f.required]
    base = valid[0]

    def replaced(doc, key, new):
        return Obj([(k, new if k == key else v) for k, v in doc])

    def without(doc, key):
        return Obj([(k, v) for k, v in doc if k != key])

    def present(doc, key):
        return any(k == key for k, v in doc)

    for v in valid:
        for f in rng.sample(required, min(2, len(required))):
            docs.append(without(v, f.json_key))
    for f in decoded:
        doc = rng.choice(valid)
        if not present(doc, f.json_key):
            doc = Obj(list(doc) + [(f.json_key, g.value(f.t))])
        for w in rng.sample(wrong_values(f.t), min(2, len(wrong_values(f.t)))):
            docs.append(replaced(doc, f.json_key, w))
        docs.append(replaced(doc, f.json_key, None))
        # duplicates: first valid, last invalid; first invalid, last valid
        good = g.value(f.t)
        bad = wrong_values(f.t)[0]
        docs.append(Obj([(f.json_key, good)] + list(without(doc, f.json_key)) + [(f.json_key, bad)]))
        docs.append(Obj([(f.json_key, bad)] + list(without(doc, f.json_key)) + [(f.json_key, good)]))
        # the duplicate next to it, and both valid
        docs.append(Obj(list(without(doc, f.json_key)) + [(f.json_key, good), (f.json_key, g.value(f.t))]))
        if is_numeric(f.t):
            for n in rng.sample(BIG_NUMBERS, 4):
                docs.append(replaced(doc, f.json_key, Raw(n)))
        if is_float(f.t):
            for n in rng.sample(NONCONFORMING, 3):
                docs.append(replaced(doc, f.json_key, n))
        if f.json_key and f.json_key[0].isascii():
            docs.append(Obj([(escape_key(k) if k == f.json_key else k, v) for k, v in doc]))
        # a mutation below the member: nested coding paths
        inner = f.t[1] if f.t[0] == "opt" else f.t
        if inner[0] == "ref" or inner[0] in ("arr", "dict", "set"):
            val = g.value(inner)
            if isinstance(val, Obj) and val:
                k0, v0 = val[0]
                if isinstance(v0, (Obj, list)) or v0 is None or not isinstance(v0, bool):
                    docs.append(replaced(doc, f.json_key, Obj([(k0, [Obj()])] + list(val[1:]))))
                docs.append(replaced(doc, f.json_key, Obj(list(val[1:]))))
            elif isinstance(val, list) and val:
                docs.append(replaced(doc, f.json_key, val + [[None]]))
                docs.append(replaced(doc, f.json_key, val[:-1] + [None]))
    # extra keys, key spellings, empty, non-objects
    docs.append(Obj(list(base) + [("extra", Obj([("deep", [Raw("1"), "x"])])), ("zzz", None)]))
    docs.append(Obj([("first", Raw("1"))] + list(base)))
    for conv in (camel_to_snake, camel_to_kebab, str.upper, str.lower):
        for v in valid[:2]:
            docs.append(Obj([(conv(k) if not isinstance(k, RawKey) else k, x) for k, x in v]))
    docs.append(Obj())
    return docs


def mutations_enum(g, t, valid):
    docs = [Obj(), Obj([("nope", Obj())]), Obj(list(valid[0]) + list(valid[-1])),
            Obj([(t.case_key(t.cases[0][0]), Obj()), (t.case_key(t.cases[1][0]), Obj())])]
    for n, params in t.cases:
        key = t.case_key(n)
        docs.append(Obj([(key, Raw("1"))]))
        docs.append(Obj([(key, None)]))
        docs.append(Obj([(key, [])]))
        docs.append(Obj([(escape_key(key), Obj())]))
        docs.append(Obj([(key.upper(), Obj())]))
        for i, (label, pt) in enumerate(params or []):
            full = Obj([(AssocEnum.payload_key(j, l), g.value(p)) for j, (l, p) in enumerate(params)])
            pk = AssocEnum.payload_key(i, label)
            docs.append(Obj([(key, Obj([(k, v) for k, v in full if k != pk]))]))
            docs.append(Obj([(key, Obj([(k, wrong_values(pt)[0] if k == pk else v) for k, v in full]))]))
            docs.append(Obj([(key, Obj([(k, None if k == pk else v) for k, v in full]))]))
            docs.append(Obj([(key, Obj(list(full) + [(pk, wrong_values(pt)[0])]))]))
        if params:
            full = Obj([(AssocEnum.payload_key(j, l), g.value(p)) for j, (l, p) in enumerate(params)])
            docs.append(Obj([(key, Obj(list(full) + [("extra", Raw("1"))]))]))
    return docs


def mutations_raw(t):
    docs = []
    if t.raw == "String":
        docs += ["RED", "nope", "", Raw("1"), "blue", "b\\/lue"]
        docs += [Raw('"\\u0072ed"')]
    else:
        docs += [Raw("2"), Raw("1.0"), Raw("1.5"), Raw("9007199254740993"), Raw("1e400"), "5", Raw("-0"),
                 Raw("123456789012345678901234567890")]
    docs += [None, Obj(), [], True]
    return docs


NON_OBJECTS = [[], Raw("1"), "s", None, True, [Obj()], Raw("-0"), Raw("1e400")]


def corpus_documents():
    """Small excerpts in the shape of the benchmark corpus (synthetic log lines; twitter.json)."""
    logs = [
        '{"timestamp":"2024-03-01T00:00:00.123Z","level":"INFO","service":"api","host":"web-01","pid":4242,'
        '"message":"request done","request_id":"r-1","userId":17,"duration_ms":12.5,"sampled":true,'
        '"tags":["a","b"],"parentSpan":null}',
        '{"timestamp":"2024-03-01T00:00:01.001+05:30","level":"warn","service":"worker","host":"w-2","pid":7,'
        '"message":"retrying \\"job\\" /tmp/x","sampled":false,"error":{"type":"Timeout","message":"slow",'
        '"retryable":true,"stack":["a.swift:1","b.swift:2"]},"metrics":[0.5,1e-3,-0.0],"big":9223372036854775807}',
        '{"timestamp":"2024-03-01T00:00:02.500Z","level":"INFO","service":"edge","host":"e-9","pid":1,'
        '"message":"GET /","sampled":true,"http":{"method":"GET","path":"/a/b?c=d","status":200,"bytes_sent":512,'
        '"durationMs":3.25,"remote_ip":"10.0.0.1","user-agent":"curl/8.0","tls":true,'
        '"headers":{"x-forwarded-for":"1.2.3.4","accept-language":"en-US","x-cache":"HIT"},"referer":null}}',
        '{"timestamp":"2024-03-01T00:00:03Z","level":"ERROR","service":"api","host":"web-02","pid":4243,'
        '"message":"ünïcødé ✓","UserID":9007199254740993,"sampled":false,"parent_span":"00f067aa0ba902b7"}',
        '{"timestamp":"2024-03-01T00:00:04Z","level":"INFO","service":"api","host":"web-03","pid":1,'
        '"message":"camel","requestId":"r-2","userId":3,"durationMs":1,"sampled":true,"parentSpan":"ab",'
        '"http":{"method":"POST","path":"/p","status":201,"bytesSent":1,"durationMs":2,"remoteIp":"::1",'
        '"userAgent":"x","tls":false}}',
    ]
    statuses = [
        '{"metadata":{"result_type":"recent","iso_language_code":"ja"},"created_at":"Sun Aug 31 00:29:15 +0000 2014",'
        '"id":505874924095815681,"id_str":"505874924095815681","text":"@aym0566x \\n\\n名前:前田あゆみ\\n第一印象:なんか怖っ！😋✨",'
        '"user":{"id":1186275104,"id_str":"1186275104","name":"AYUMI","screen_name":"ayuu0123","followers_count":262,'
        '"protected":false,"utc_offset":null,"time_zone":null},"user_mentions":[{"screen_name":"aym0566x",'
        '"name":"前田あゆみ","id":866260188,"id_str":"866260188","indices":[0,9]}],"retweet_count":0,'
        '"favorite_count":0,"favorited":false,"lang":"ja","in_reply_to_status_id":null}',
        '{"metadata":{"result_type":"recent","iso_language_code":"ja"},"created_at":"Sun Aug 31 00:29:14 +0000 2014",'
        '"id":505874919020699648,"id_str":"505874919020699648","text":"RT @omo_kko: ラウワン脱出→友達が家に連んで帰って",'
        '"user":{"id":2,"id_str":"2","name":"n","screen_name":"s","followers_count":0,"protected":true,'
        '"utc_offset":32400,"time_zone":"Tokyo"},"user_mentions":[],"retweet_count":58,"favorite_count":0,'
        '"favorited":false,"lang":"ja","in_reply_to_status_id":505874919020699649}',
    ]
    return logs, statuses


# Documents minimized from mismatches, first in their types' lists.
MINIMIZED = {
    # a duplicate key read again by the Codable path after the generated path gave up at "b"
    "DupThenFail": ['{"a":1,"b":"y","a":"x"}', '{"a":1,"a":"x","b":"y"}'],
    # a custom date / data strategy called by the generated path and again by the Codable path
    "DateThenFail": ['{"when":0}', '{"when":0,"n":"x"}'],
    "DataThenFail": ['{"blob":"aa"}', '{"blob":"aa","x":"nan"}'],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20240531)
    ap.add_argument("--no-macro", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    annotated = not args.no_macro

    types, order = build_shapes(rng)
    instances = {}
    for cname, gname, env in GENERIC_INSTANCES:
        s = types[gname]
        instances[cname] = Struct(cname, [Field(f.name, subst(f.t, env), f.key, f.mode, f.default) for f in s.fields])
    g = Gen(rng, types, instances)

    entries = [t.name for t in order if not (isinstance(t, Struct) and t.generic)] + [c for c, _, _ in GENERIC_INSTANCES]
    logs, statuses = corpus_documents()

    fixture = {}
    for name in entries:
        t = g.lookup(name)
        if isinstance(t, RawEnum):
            valid = [g.named(name) for _ in range(4)] + [r if t.raw == "String" else Raw(str(r)) for r in t.raw_values()]
            docs = valid + mutations_raw(t)
        elif isinstance(t, AssocEnum):
            valid = [g.named(name) for _ in range(8)]
            for n, params in t.cases:
                valid.append(Obj([(t.case_key(n), Obj([(AssocEnum.payload_key(i, l), g.value(p))
                                                       for i, (l, p) in enumerate(params or [])]))]))
            docs = valid + mutations_enum(g, t, valid) + NON_OBJECTS
        else:
            valid = [g.named(name) for _ in range(6)]
            docs = valid + mutations_struct(g, t, name, valid) + NON_OBJECTS
        texts = []
        for d in docs:
            s = dump(d)
            if s not in texts:
                texts.append(s)
        if name in MINIMIZED:
            texts = MINIMIZED[name] + texts
        if name == "LogRecord":
            texts = logs + texts
        if name == "TwStatus":
            texts = statuses + texts
        fixture[name] = texts

    out_dir = os.path.join(HERE, "Fixtures")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "documents.json"), "w", encoding="utf-8") as fh:
        json.dump({"seed": args.seed,
                   "invalidJSON": ['{"a":1,}', '[1,2', '{"a" 1}', '', 'nul', '{"a":"\\x"}', '"\\ud800"'],
                   "types": fixture}, fh, ensure_ascii=False, indent=0, sort_keys=True)
        fh.write("\n")

    swift = []
    swift.append("// Generated by Tests/GeneratedCodingTests/generate.py --seed %d%s: do not edit." %
                 (args.seed, " --no-macro" if not annotated else ""))
    swift.append("// Rerun: python3 Tests/GeneratedCodingTests/generate.py --seed %d" % args.seed)
    swift.append("")
    swift.append("import Foundation")
    swift.append("import TapeJSONMacros" if annotated else "import TapeJSON")
    swift.append("")
    swift.append("/// Whether the shapes below carry `@TapeJSONCodable` (false: generated with `--no-macro`).")
    swift.append("let shapesAreAnnotated = %s" % ("true" if annotated else "false"))
    swift.append("")
    swift.append("/// A plain Codable type (no generated path) used as a property.")
    swift.append("struct PlainPoint: Codable, Equatable, Hashable, Sendable {\n    var x: Int\n    var y: Int\n}")
    for t in order:
        swift.append("")
        swift.append(declare(t, annotated))
    swift.append("")
    swift.append("/// The types the differential tests run, by the name the fixture uses.")
    swift.append("let generatedShapeNames: [String] = [")
    for n in entries:
        swift.append("    %s," % json.dumps(n))
    swift.append("]")
    swift.append("")
    swift.append("func generatedShape(named name: String) -> (any ShapeRunning)? {")
    swift.append("    switch name {")
    for n in entries:
        swift.append("    case %s: return ShapeEntry<%s>()" % (json.dumps(n), n))
    swift.append("    default: return nil")
    swift.append("    }")
    swift.append("}")
    swift.append("")
    with open(os.path.join(HERE, "GeneratedShapes.swift"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(swift))
    total = sum(len(v) for v in fixture.values())
    print("%d types, %d documents, fixture %d bytes" % (len(entries), total,
                                                         os.path.getsize(os.path.join(out_dir, "documents.json"))))


if __name__ == "__main__":
    main()
