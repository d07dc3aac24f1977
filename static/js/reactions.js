// Reactions (docs/protocol.md, "Reactions"): the few things a player can tap to say, from the
// room's game's catalog entry, and those on show, each by its player's name for a moment.
// Pure but for the mute, which this browser remembers (laundermat.reactions.muted).
import { has, t } from "./i18n.js";

export const SHOWN_MS = 3500; // how long a reaction stays on screen
const MAX_SHOWN = 6; // more at once and the oldest go first
const MUTE_KEY = "laundermat.reactions.muted"; // "1": show no reactions

/** The room's game's reactions [{id, text, label}] (empty until the catalog is in), in the
 *  person's language: the game's catalog `<game>.reactions.<id>.text` / `.label`, else the
 *  shell's `reactions.<id>.…` (the emoji every game has), else the server's words. */
export function gameReactions(catalog, game) {
  const reactions = catalog?.games.find((g) => g.name === game)?.reactions ?? [];
  return reactions.map((r) => ({
    ...r,
    text: reactionWord(game, r, "text"),
    label: reactionWord(game, r, "label"),
  }));
}

function reactionWord(game, reaction, part) {
  for (const key of [
    `${game}.reactions.${reaction.id}.${part}`,
    `reactions.${reaction.id}.${part}`,
  ])
    if (has(key)) return t(key);
  return reaction[part];
}

/** The list on show with `message` (a server `reaction`) added at `now`, the expired gone. An
 *  id the catalog does not know is not shown (a newer server's: a reload brings it). */
export function withReaction(shown, message, reactions, now, key) {
  const reaction = reactions.find((r) => r.id === message.reaction);
  const live = onShow(shown, now);
  if (!reaction) return live;
  const item = {
    key,
    name: message.name,
    text: reaction.text,
    label: reaction.label,
    until: now + SHOWN_MS,
  };
  return [...live, item].slice(-MAX_SHOWN);
}

export function onShow(shown, now) {
  return shown.filter((r) => r.until > now);
}

export function reactionsMuted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Mute or unmute; returns whether they are muted now. */
export function toggleReactionsMuted() {
  const muted = !reactionsMuted();
  try {
    if (muted) localStorage.setItem(MUTE_KEY, "1");
    else localStorage.removeItem(MUTE_KEY);
  } catch {
    // storage off (a private window's quota): the choice lasts this page
  }
  return muted;
}
