"""Round-trip driver: each stdin line `protocol<TAB>type<TAB>json` is decoded with the generated type and
encoded again; prints `ok<TAB>json` or `err<TAB>message`. Arguments: the lang/python directories."""

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
        out = json.dumps(encode(decode(json.loads(text))), ensure_ascii=False)
        print("ok\t" + out, flush=False)
    except Exception as e:  # a refusal is data here: the caller counts it
        print("err\t" + (type(e).__name__ + ": " + str(e)).replace("\n", " "))
