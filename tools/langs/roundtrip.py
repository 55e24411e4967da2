"""Round-trip driver: each stdin line `protocol<TAB>type<TAB>json` is decoded with the generated type and
encoded again; prints `ok<TAB>json` or `err<TAB>message`. Arguments: the lang/python directories.

JSON is read with the package's `parse_number` (a whole number past 2^53 written `N.0` stays exact) and
written ASCII-only: a lone surrogate, legal in a JSON string, is written back as its `\\ud800` escape
(UTF-8 output cannot hold it)."""

import importlib
import json
import sys

for path in sys.argv[1:]:
    sys.path.insert(0, path)

modules = {}
for line in sys.stdin:
    protocol, doc_type, text = line.rstrip("\n").split("\t", 2)
    try:
        module = modules.get(protocol) or importlib.import_module("keel_" + protocol)
        modules[protocol] = module
        decode, encode = module.DOCUMENTS[doc_type]
        value = json.loads(text, parse_float=module.parse_number)
        out = json.dumps(encode(decode(value)), ensure_ascii=True)
        print("ok\t" + out, flush=False)
    except Exception as e:  # a refusal is data here: the caller counts it
        message = (type(e).__name__ + ": " + str(e)).replace("\n", " ")
        print("err\t" + message.encode("ascii", "backslashreplace").decode("ascii"))
