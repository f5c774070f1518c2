"""quotecalc's fixed host call: ``python -B scripts/calculate.py --input-json -``.

Runs from a checkout with only ``attrs`` installed: the package is found in ``src/``.
"""

import gc
import os
import sys

# One process answers one request, so the ~17k objects the imports create (modules, classes,
# functions) live until exit: the collector scanning them again and again while importing
# was about a sixth of a call (docs/performance.md). Collection is off while importing, the
# imported objects are then frozen (never scanned again) and collection resumes for the call.
gc.disable()

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src"))

try:
    from quotecalc.cli import run
except Exception:  # noqa: BLE001 - the package itself is unusable (e.g. attrs missing)
    # Without the package nothing can render the result, so this one fixed object stands in
    # (its message is codes.INTERNAL_ERROR_MESSAGE; tests/test_cli_edges.py checks they agree).
    sys.stdout.write(
        '{"schemaVersion":1,"tool":"quotecalc","toolVersion":"0.1.0","status":"internal_error",'
        '"normalizedQuotes":[],"ranking":null,"sensitivity":[],"quality":{"scale":null,'
        '"issues":[],"certifiedSuppliers":false},"limitations":[{"code":"internal_error",'
        '"message":"An internal error occurred; this is a bug in quotecalc, not in the input."}],'
        '"networkUsed":false,"filesModified":false}\n'
    )
    sys.exit(1)

gc.freeze()
gc.enable()
sys.exit(run())
