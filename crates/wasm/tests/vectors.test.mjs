// Runs the shared test vectors (crates/core/tests/vectors.json) through the built WebAssembly
// module and asserts exactly the outputs the native core gives (crates/core/tests/vectors.rs).
//
// Build first with scripts/wasm.sh, then: node --test crates/wasm/tests/
// WASM_PKG_DIR overrides the package folder (default frontend/src/wasm-pkg).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const pkgDir = resolve(root, process.env.WASM_PKG_DIR ?? "frontend/src/wasm-pkg");
const wasm = await import(pathToFileURL(join(pkgDir, "onespace_wasm.js")).href);
wasm.initSync({ module: readFileSync(join(pkgDir, "onespace_wasm_bg.wasm")) });

const vectors = JSON.parse(readFileSync(join(root, "crates/core/tests/vectors.json"), "utf8"));

/** The WebAssembly output for one case; thrown errors become { error: message } as natively. */
function output(group, c) {
  try {
    switch (group) {
      case "formatPence":
        return wasm.formatPence(c.pence);
      case "introOfferCountdown":
        return wasm.introOfferCountdown(c.nowMs, c.storedEndMs ?? undefined);
      case "timedOfferCountdown":
        return wasm.timedOfferCountdown(c.nowMs, c.storedEndMs ?? undefined);
      case "validateForm":
        return wasm.validateForm(c.form, c.values);
      case "chatReply":
        return wasm.chatReply(c.text);
      case "offerState":
        return wasm.offerState(c.starts, c.ends, c.nowMs);
      case "mailLink":
        return wasm.mailLink(c.kind, c.values);
      default:
        throw new TypeError(`unknown vector group ${group}`);
    }
  } catch (error) {
    if (error instanceof TypeError) throw error;
    return { error: error.message };
  }
}

for (const [group, cases] of Object.entries(vectors)) {
  if (!Array.isArray(cases)) continue;
  test(`${group}: WebAssembly matches the shared vectors`, () => {
    assert.ok(cases.length > 0);
    cases.forEach((c, index) => {
      assert.deepStrictEqual(output(group, c), c.expected, `${group}[${index}]`);
    });
  });
}

test("offerState takes any JavaScript time: NaN and negatives are the epoch", () => {
  assert.equal(wasm.offerState("2025-08-01", "2025-08-31", Number.NaN).phase, "upcoming");
  assert.equal(wasm.offerState("2025-08-01", "2025-08-31", 8.64e15).phase, "ended");
  assert.throws(() => wasm.offerState("2025-08-01", "", 0), /'' is not a date like 2025-08-31/);
});

test("countdowns also accept null for a missing stored end", () => {
  assert.deepStrictEqual(wasm.introOfferCountdown(1000, null), wasm.introOfferCountdown(1000));
  assert.equal(wasm.timedOfferCountdown(0, null).display, "05:00");
  assert.equal(wasm.introOfferCountdown(Number.NaN).display, "10:00");
});

test("validateForm reads numbers, booleans and null leniently and throws for unknown forms", () => {
  const result = wasm.validateForm("membership", {
    fullName: "Kim", email: "kim@example.com", selectedMembership: "founder-lite", payAnnually: "no",
    phone: null, additionalNotes: undefined,
  });
  assert.deepStrictEqual(result, { ok: true, errors: {} });
  assert.deepStrictEqual(wasm.validateForm("contact", null).ok, false);
  assert.throws(() => wasm.validateForm("contact", "not an object"), /Form values must be an object of strings/);
  assert.throws(() => wasm.validateForm("contact", ["Kim"]), /Form values must be an object of strings/);
  assert.throws(() => wasm.validateForm("contact", { message: {} }), /Form value 'message' must be text, a number or a boolean/);
  const link = wasm.mailLink("discount", {
    name: "Kim", email: "kim@example.com", phone: 7700900123, discountType: "Student", additionalInfo: 1.5,
  });
  assert.ok(link.includes("7700900123") && link.includes("1.5"), link);
  assert.ok(wasm.mailLink("discount", { name: "Kim", email: "k@example.com", phone: "1", discountType: true }).includes("true"));
  assert.throws(() => wasm.validateForm("nope", {}), /Unknown form 'nope'\./);
});

test("schemas, messages and chat texts are exported", () => {
  const names = ["cancellation", "chatContact", "contact", "discount", "investmentInterest", "investorContact", "membership"];
  for (const name of names) {
    assert.equal(wasm.formSchema(name).form, name);
    assert.ok(wasm.formSchema(name).fields.length > 0, name);
    assert.equal(typeof wasm.formMessages(name).submitLabel, "string", name);
  }
  assert.throws(() => wasm.formSchema("nope"), /Unknown form 'nope'\./);
  assert.equal(wasm.formMessages("membership").submittingLabel, "Confirming...");
  assert.ok(wasm.chatGreeting().length > 0);
  assert.equal(wasm.chatReply("   "), null);
  assert.ok(wasm.chatContactConfirmation().includes("call"));
  assert.ok(wasm.chatCancelConfirmation().includes("call"));
  assert.equal(wasm.oneToOneMailLink("Ross"), wasm.mailLink("oneToOne", { coach: "Ross" }));
  assert.equal(wasm.telLink(), "tel:+441506238238");
  assert.throws(() => wasm.mailLink("fax", {}), /Unknown mail link kind 'fax'\./);
});

test("exports: what the islands call, and formatPence for the shared price vectors", () => {
  const exported = Object.keys(wasm).filter((key) => typeof wasm[key] === "function" && !/^(default|initSync)$/.test(key));
  assert.deepStrictEqual(exported.sort(), [
    "chatCancelConfirmation", "chatContactConfirmation", "chatGreeting", "chatReply", "countdownAt", "formMessages",
    "formSchema", "formatPence", "introOfferCountdown", "mailLink", "offerState", "oneToOneMailLink", "telLink",
    "timedOfferCountdown", "validateForm",
  ]);
});

test("the generated .d.ts declares every field the exports return", () => {
  const dts = readFileSync(join(pkgDir, "onespace_wasm.d.ts"), "utf8");
  const seen = new Set();
  const walk = (value) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      seen.add(key);
      walk(inner);
    }
  };
  walk(wasm.formMessages("membership"));
  walk(wasm.formSchema("membership").fields);
  walk(wasm.chatReply("hello"));
  walk(wasm.introOfferCountdown(0));
  walk(wasm.offerState("2025-08-01", "2025-08-31", 0));
  for (const key of seen) {
    assert.match(dts, new RegExp(`\\b${key}\\??: `), `field ${key} is missing from the .d.ts`);
  }
  assert.doesNotMatch(dts.split("export type InitInput")[0], /\): any;/);
});
