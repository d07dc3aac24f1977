// Every error code docs/protocol.md lists has a sentence in the client: the server's and the
// protocol's in the shell (static/js/text.js), the rules' in LaunderMat's client.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { errors } from "../../static/js/games/laundermat/text.js";
import { setLanguage } from "../../static/js/i18n.js";
import { errorSentence } from "../../static/js/text.js";
import { installCatalogs } from "./catalogs.mjs";
import { RULES } from "./rules-fixture.mjs";

installCatalogs();
setLanguage("en");

const PROTOCOL = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8");

function documentedCodes() {
  const section = PROTOCOL.split(/^### Error codes$/m)[1].split(/^## /m)[0];
  const codes = [];
  for (const line of section.split("\n")) {
    const first = line.match(/^\|([^|]*)\|/)?.[1] ?? "";
    codes.push(...[...first.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
  }
  return codes;
}

test("the protocol's error codes are found", () => {
  const codes = documentedCodes();
  assert.ok(
    codes.includes("room_full") && codes.includes("sold_out") && codes.length > 40,
    codes.join(" "),
  );
});

test("every documented error code has a sentence", () => {
  const fallback = errorSentence("no such code");
  const gameErrors = errors(RULES);
  const missing = documentedCodes().filter(
    (code) => errorSentence(code, null, gameErrors) === fallback,
  );
  assert.deepEqual(missing, []);
});
