// JSON Patch (RFC 6902) for the views the server sends as deltas (docs/protocol.md, "Deltas").
// Pure: applyPatch returns a new document and never changes the one it is given, so a patch
// that does not fit leaves the client holding its last good view (it then asks for a resync).

export class PatchError extends Error {}

function unescapeToken(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function tokens(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`not a JSON Pointer: ${path}`);
  return path.slice(1).split("/").map(unescapeToken);
}

function index(list, token, end) {
  if (token === "-" && end) return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index: ${token}`);
  const i = Number(token);
  if (i > list.length || (i === list.length && !end))
    throw new PatchError(`index out of range: ${token}`);
  return i;
}

function isContainer(value) {
  return value !== null && typeof value === "object";
}

// An object member as JSON.parse would make it: an own data property, whatever its name
// ("__proto__" assigned with `=` would replace the object's prototype instead).
function setMember(target, key, value) {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function shallow(value) {
  return Array.isArray(value) ? value.slice() : { ...value };
}

function child(target, token) {
  if (Array.isArray(target)) return target[index(target, token, false)];
  if (!isContainer(target) || !Object.hasOwn(target, token))
    throw new PatchError(`no member ${token}`);
  return target[token];
}

function get(doc, path) {
  let target = doc;
  for (const token of tokens(path)) target = child(target, token);
  return target;
}

// Copy on write along the path: the parent of the last token, in a document whose containers
// on that path are fresh copies (so the caller's document is never changed).
function writable(root, parts) {
  let target = root;
  for (const token of parts.slice(0, -1)) {
    const key = Array.isArray(target) ? index(target, token, false) : token;
    const next = child(target, token);
    if (!isContainer(next)) throw new PatchError(`not a container at ${token}`);
    if (Array.isArray(target)) target[key] = shallow(next);
    else setMember(target, key, shallow(next));
    target = target[key];
  }
  return target;
}

function add(doc, path, value) {
  const parts = tokens(path);
  if (parts.length === 0) return value;
  const root = shallow(doc);
  const parent = writable(root, parts);
  const last = parts[parts.length - 1];
  if (Array.isArray(parent)) parent.splice(index(parent, last, true), 0, value);
  else if (isContainer(parent)) setMember(parent, last, value);
  else throw new PatchError(`not a container: ${path}`);
  return root;
}

function remove(doc, path) {
  const parts = tokens(path);
  if (parts.length === 0) throw new PatchError("cannot remove the whole document");
  const root = shallow(doc);
  const parent = writable(root, parts);
  const last = parts[parts.length - 1];
  if (Array.isArray(parent)) parent.splice(index(parent, last, false), 1);
  else if (isContainer(parent) && Object.hasOwn(parent, last)) delete parent[last];
  else throw new PatchError(`nothing to remove at ${path}`);
  return root;
}

function replace(doc, path, value) {
  get(doc, path); // it must exist
  const parts = tokens(path);
  if (parts.length === 0) return value;
  const root = shallow(doc);
  const parent = writable(root, parts);
  const last = parts[parts.length - 1];
  if (Array.isArray(parent)) parent[index(parent, last, false)] = value;
  else setMember(parent, last, value);
  return root;
}

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `doc` with `ops` applied (add, remove, replace, move, copy, test); throws PatchError. */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("a patch is a list of operations");
  let out = doc;
  for (const op of ops) {
    if (typeof op?.path !== "string") throw new PatchError("an operation without a path");
    switch (op.op) {
      case "add":
        out = add(out, op.path, op.value);
        break;
      case "remove":
        out = remove(out, op.path);
        break;
      case "replace":
        out = replace(out, op.path, op.value);
        break;
      case "move": {
        const value = get(out, op.from);
        out = add(remove(out, op.from), op.path, value);
        break;
      }
      case "copy":
        out = add(out, op.path, structuredClone(get(out, op.from)));
        break;
      case "test":
        if (!equal(get(out, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown operation ${op.op}`);
    }
  }
  return out;
}

/**
 * A `patch` message on the whole view `doc` (the one of version `msg.from`). Returns
 * {doc, view}: the new whole view, and the view to render, whose game log holds only the
 * entries the patch added (`log_from` says where they start, as in a pushed view).
 */
export function patchedView(doc, msg) {
  if (!doc || doc.version !== msg.from) throw new PatchError("this patch is for another version");
  const before = doc.game?.log?.length ?? 0;
  const next = { ...applyPatch(doc, msg.ops), version: msg.version, server_time: msg.server_time };
  if (!next.game) return { doc: next, view: next };
  const game = { ...next.game, log_from: before, log: next.game.log.slice(before) };
  return { doc: next, view: { ...next, game } };
}
