"""The TypeScript client (openapi-generator typescript-fetch) compiled with tsc, then
typescript/smoke.ts run by node against a live server."""

import os
import shutil
import subprocess
import tempfile

from support import CLIENTS_OUT

HERE = os.path.dirname(os.path.abspath(__file__))
# Debian 12's tsc is 4.8; the generated code narrows `object` with `in`, which needs 4.9 under
# noImplicitAny, so that one strict check is off.
TSC = ["tsc", "--strict", "--noImplicitAny", "false", "--target", "es2020", "--module", "commonjs", "--moduleResolution", "node",
       "--lib", "es2020,dom", "--skipLibCheck"]


def test_the_typescript_client_compiles_and_reads_the_server(server):
    with tempfile.TemporaryDirectory(prefix="guidebook-ts.") as folder:
        shutil.copytree(os.path.join(CLIENTS_OUT, "typescript", "src"), os.path.join(folder, "src"))
        os.mkdir(os.path.join(folder, "smoke"))
        shutil.copy(os.path.join(HERE, "typescript", "smoke.ts"), os.path.join(folder, "smoke"))
        compiled = subprocess.run(TSC + ["--outDir", os.path.join(folder, "out"), "--rootDir", folder, "smoke/smoke.ts"],
                                  cwd=folder, capture_output=True, text=True)
        assert compiled.returncode == 0, compiled.stdout + compiled.stderr
        ran = subprocess.run(["node", os.path.join(folder, "out", "smoke", "smoke.js"), server.url, server.admin_token],
                             capture_output=True, text=True, timeout=120)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        last = ran.stdout.strip().splitlines()[-1]
        assert last.endswith(" passed, 0 failed") and int(last.split()[0]) > 80, ran.stdout
