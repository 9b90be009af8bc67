#!/usr/bin/env bash
# Builds a WebAssembly module of onespace-core: the islands' (crate onespace-wasm, the default),
# the chat panel's (onespace-chat-wasm, the chat's replies) or the staff editor's
# (onespace-editor-wasm, the content check and schemas). All three share the `wasm` profile and
# target folder: what they have in common (the core's build, without `check` for the public and
# the chat's, and the dependencies) is compiled once:
#   1. cargo build --profile wasm -p CRATE --target wasm32-unknown-unknown
#   2. wasm-bindgen --target bundler --out-dir OUT_DIR  (JS glue + .d.ts; the module
#      is imported as an ES module, which vite-plugin-wasm resolves in the frontend build and in
#      Vitest)
#   3. wasm-opt -Oz on the .wasm, repeated until nothing changes (--converge) for the public
#      module only: each of its bytes is a visitor's. On the editor's module (2 MB before) the
#      repeats took 147 s against 40 s for one pass, to save 545 bytes of 916 KB; on the chat's
#      13 s against 9 s, to save 203 bytes of 59.6 KB gzip.   (size)
#   4. prints raw, gzip and brotli sizes
#
# It installs nothing. It needs, and checks for:
#   - the rustup target wasm32-unknown-unknown  (rustup target add wasm32-unknown-unknown)
#   - wasm-bindgen-cli of exactly the wasm-bindgen version in Cargo.lock
#       (cargo install wasm-bindgen-cli --version <that version> --locked)
#   - wasm-opt (binaryen >= 116, for the reference-types/multivalue/bulk-memory output of
#     current Rust): the npm package `binaryen` in ./node_modules (npm install), run with node;
#     or WASM_OPT=/path/to/wasm-opt; or a wasm-opt >= 116 on PATH.
#     WASM_OPT=none skips the optimisation (a larger but working module).
#
# Usage: scripts/wasm.sh [OUT_DIR [CRATE]]   (default frontend/src/wasm-pkg onespace-wasm)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out_dir="${1:-frontend/src/wasm-pkg}"
crate="${2:-onespace-wasm}"
name="${crate//-/_}"
target=wasm32-unknown-unknown
built="target/$target/wasm/$name.wasm"

fail() {
    echo "scripts/wasm.sh: $*" >&2
    exit 1
}

# --- checks -------------------------------------------------------------------------------
if command -v rustup >/dev/null 2>&1; then
    rustup target list --installed | grep -qx "$target" ||
        fail "the Rust target $target is not installed; run: rustup target add $target"
fi

locked="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$locked" ] || fail "could not read the wasm-bindgen version from Cargo.lock"
command -v wasm-bindgen >/dev/null 2>&1 ||
    fail "wasm-bindgen is not on PATH; run: cargo install wasm-bindgen-cli --version $locked --locked"
have="$(wasm-bindgen --version | awk '{ print $2 }')"
[ "$have" = "$locked" ] ||
    fail "wasm-bindgen $have is installed but Cargo.lock has $locked; run: cargo install wasm-bindgen-cli --version $locked --locked --force"

wasm_opt=()
case "${WASM_OPT:-}" in
    none) ;;
    "")
        if [ -f node_modules/binaryen/bin/wasm-opt ] && command -v node >/dev/null 2>&1; then
            wasm_opt=(node node_modules/binaryen/bin/wasm-opt)
        elif command -v wasm-opt >/dev/null 2>&1; then
            major="$(wasm-opt --version | grep -oE '[0-9]+' | head -n1)"
            [ "${major:-0}" -ge 116 ] ||
                fail "wasm-opt on PATH is version ${major:-unknown}; it needs >= 116. Run npm install (binaryen is a devDependency) or set WASM_OPT=none"
            wasm_opt=(wasm-opt)
        else
            fail "wasm-opt not found; run npm install (binaryen is a devDependency), or set WASM_OPT=/path/to/wasm-opt or WASM_OPT=none"
        fi
        ;;
    *) wasm_opt=("$WASM_OPT") ;;
esac

# --- build --------------------------------------------------------------------------------
converge=()
[ "$crate" = onespace-wasm ] && converge=(--converge)

cargo build --profile wasm -p "$crate" --target "$target"
# The previous output of another target may have other file names: start clean.
rm -rf "$out_dir"
mkdir -p "$out_dir"
wasm-bindgen --target bundler --out-dir "$out_dir" "$built"
module="$out_dir/${name}_bg.wasm"

if [ "${#wasm_opt[@]}" -gt 0 ]; then
    "${wasm_opt[@]}" -Oz "${converge[@]}" --strip-debug --strip-producers \
        --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$module" -o "$module.opt"
    mv "$module.opt" "$module"
else
    echo "scripts/wasm.sh: WASM_OPT=none, module left unoptimised" >&2
fi

# --- sizes --------------------------------------------------------------------------------
raw=$(wc -c <"$module")
gz=$(gzip -9 -c "$module" | wc -c)
br="n/a"
if command -v brotli >/dev/null 2>&1; then
    br=$(brotli -q 11 -c "$module" | wc -c)
elif command -v node >/dev/null 2>&1; then
    br=$(node -e 'const z = require("zlib"); const b = require("fs").readFileSync(process.argv[1]);
        process.stdout.write(String(z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length));' "$module")
fi
echo "wasm: $module  raw ${raw} B, gzip ${gz} B, brotli ${br} B (built from $(wc -c <"$built") B)"
