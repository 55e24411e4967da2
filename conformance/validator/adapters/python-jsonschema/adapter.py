#!/usr/bin/python3
"""keel validator adapter (protocol 1, docs/validator-adapters.md) around Python's `jsonschema`.

Used as an implementer would use it with keel's schemas: the validator class the schema's `$schema`
names, cross-file `$ref`s through a RefResolver store keyed by `$id`, and the library's defaults
(formats are not asserted). `--formats` passes the class's FORMAT_CHECKER, which asserts only the
formats whose optional packages are installed.
"""
import json
import sys
from importlib.metadata import version

import jsonschema
from jsonschema import RefResolver
from jsonschema.validators import validator_for

FORMATS = "--formats" in sys.argv[1:]
loaded = {}


def load(msg):
    schemas = msg["schemas"]
    store = {}
    ids = {}
    for name, schema in schemas.items():
        sid = schema.get("$id", name)
        ids[name] = sid
        store[sid] = schema
    loaded[msg["protocol"]] = (schemas, ids, store)
    return {"ok": True}


def pointer_of(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def validate(msg):
    entry = loaded.get(msg["protocol"])
    if entry is None:
        return {"id": msg["id"], "error": "protocol %s was never loaded" % msg["protocol"]}
    schemas, ids, store = entry
    file_schema = schemas[msg["schema"]]
    sid = ids[msg["schema"]]
    cls = validator_for(file_schema)
    resolver = RefResolver(base_uri=sid, referrer=file_schema, store=store)
    ref = sid if msg["pointer"] == "#" else sid + msg["pointer"]
    kwargs = {"resolver": resolver}
    if FORMATS:
        kwargs["format_checker"] = cls.FORMAT_CHECKER
    validator = cls({"$ref": ref}, **kwargs)
    errors = [
        {"pointer": pointer_of(e.absolute_path), "message": "%s: %s" % (e.validator, e.message[:300])}
        for e in validator.iter_errors(msg["document"])
    ]
    return {"id": msg["id"], "valid": not errors, "errors": errors[:20]}


def answer(msg):
    op = msg.get("op")
    if op == "hello":
        name = "python-jsonschema" + (" --formats" if FORMATS else "")
        return {"name": name, "version": version("jsonschema"), "language": "python " + sys.version.split()[0]}
    if op == "load":
        return load(msg)
    if op == "validate":
        return validate(msg)
    return {"error": "unknown op %r" % (op,)}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError as e:
            out = {"error": "not JSON: %s" % e}
        else:
            try:
                out = answer(msg)
            except Exception as e:  # an adapter answers every request, whatever the library did
                out = {"error": "%s: %s" % (type(e).__name__, e)}
                if isinstance(msg, dict) and "id" in msg:
                    out["id"] = msg["id"]
        out = dict({"keel_validator": 1}, **out)
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
