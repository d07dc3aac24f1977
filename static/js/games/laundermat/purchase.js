// The purchase panel: an addition or a Secret Weapon, paid with the bills picked (exact
// prices earn a bonus).
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { panel } from "../../ui/panel.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { additionName, money, points, weaponName } from "./text.js";

// ------------------------------------------------------------------ purchases

export function purchasePanel(ctx) {
  const { game, opts, seat, me } = ctx;
  if (!opts.can_act) {
    let text;
    if (!me) text = "Players who collected a bill this round are shopping.";
    else if (!game.window.actors.includes(seat)) {
      text =
        "You didn't collect a bill in this round's draft (a collision, a Vault raid or no " +
        "pick), so you can't buy this round.";
    } else text = "You're done shopping for this round.";
    return panel("purchase-panel", "Purchases", h("p", text));
  }
  if (ctx.ui.choice) return checkout(ctx);
  const affordable = new Set(opts.additions ?? []);
  const walletTotal = me.wallet_total;
  const pending2for1 = game.players[seat]?.two_for_one_pending;
  const additions = game.market.map((m) => {
    const ok = affordable.has(m.kind);
    const reason =
      m.stock === 0
        ? "Sold out"
        : ok
          ? null
          : `You can't afford it yet (you have ${money(walletTotal)})`;
    return h(
      "li.shop-item",
      { "data-key": m.kind, class: ok ? null : "unavailable" },
      h(
        "div.shop-main",
        h("strong", additionName(m.kind)),
        h(
          "span.shop-facts",
          `Costs ${money(m.cost)} · scores ${points(m.points)} · ` +
            `${m.stock === 0 ? "sold out" : `${m.stock} left`}`,
        ),
        game.email_type === m.kind
          ? h(
              "span.tag.flagged",
              icon("flag"),
              "Flagged by Anonymous Email: new copies are flagged",
            )
          : null,
        reason ? h("span.small.muted", reason) : null,
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "choose",
          "data-kind": "addition",
          "data-id": m.kind,
          "data-testid": `choose-${m.kind}`,
          disabled: !ok || ctx.pending,
          "aria-label": `Buy ${additionName(m.kind)}`,
        },
        "Buy",
      ),
    );
  });
  const weaponOffers = opts.weapons ?? [];
  const ownsWeapon = !!game.players[seat]?.weapon;
  const weapons = weaponOffers.map((w) => {
    let reason = null;
    if (!w.buyable) {
      if (w.targets && !w.targets.length) reason = "No possible target right now";
      else reason = `Costs ${money(w.price)}; you have ${money(walletTotal)}`;
    }
    return h(
      "li.shop-item",
      { "data-key": w.weapon, class: w.buyable ? null : "unavailable" },
      h(
        "div.shop-main",
        h("strong", weaponName(w.weapon)),
        h("span.tag", ctx.weapons[w.weapon]?.when ?? ""),
        h("span.small", ctx.weapons[w.weapon]?.does ?? ""),
        reason ? h("span.small.muted", reason) : null,
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "choose",
          "data-kind": "weapon",
          "data-id": w.weapon,
          "data-testid": `choose-${w.weapon}`,
          disabled: !w.buyable || ctx.pending,
          "aria-label": `Buy · ${money(w.price)}: ${weaponName(w.weapon)}`,
        },
        `Buy · ${money(w.price)}`,
      ),
    );
  });
  return panel(
    "purchase-panel",
    "Buy one thing, or skip",
    h(
      "p.small",
      "You collected a bill this round: buy one addition or one Secret Weapon. Pay exactly " +
        "the cost of an addition to earn a bonus; overpayment is lost.",
    ),
    pending2for1
      ? h(
          "p.note",
          "2 for 1 is ready: your next addition comes with a free second copy if one is left.",
        )
      : null,
    h("h3.small-head", "Additions (points at the end)"),
    h("ul.shop", additions),
    h(
      "h3.small-head",
      "Secret Weapons ",
      game.weapon_price !== null ? h("span.price", `price now ${money(game.weapon_price)}`) : null,
    ),
    ownsWeapon
      ? h("p.small.muted", "You already own a Secret Weapon (one per player).")
      : weapons.length
        ? h("ul.shop", weapons)
        : h("p.small.muted", "No Secret Weapons left."),
    h(
      "div.row.end",
      h(
        "button",
        {
          type: "button",
          "data-action": "skip",
          "data-testid": "skip-purchase",
          disabled: ctx.pending,
        },
        "Skip: buy nothing this round",
      ),
    ),
  );
}

function checkout(ctx) {
  const { game, opts, ui } = ctx;
  const choice = ui.choice;
  const p = ctx.payment();
  const result = evaluate(p);
  const isWeapon = choice.kind === "weapon";
  const name = isWeapon ? weaponName(choice.id) : additionName(choice.id);
  const offer = isWeapon ? (opts.weapons ?? []).find((w) => w.weapon === choice.id) : null;
  const still = isWeapon ? !!offer?.buyable : (opts.additions ?? []).includes(choice.id);
  let extra = null;
  let ready = result.ok && still;
  if (choice.id === "anonymous_email") {
    ready = ready && offer?.targets?.includes(ui.emailType);
    extra = [
      h("h3.small-head", "Which type do you flag?"),
      h("p.small", "Every copy of it (anyone's) becomes flagged; yours are protected for free."),
      h(
        "div.choices",
        (offer?.targets ?? []).map((kind) =>
          h(
            "button.choice",
            {
              type: "button",
              "data-key": kind,
              "data-action": "email-type",
              "data-kind": kind,
              "data-testid": `email-type-${kind}`,
              "aria-pressed": ui.emailType === kind ? "true" : "false",
            },
            additionName(kind),
          ),
        ),
      ),
    ];
  }
  if (choice.id === "jackpot") {
    ready = ready && offer?.targets?.includes(ui.jackpotTarget);
    extra = [
      h("h3.small-head", "Whose bill do you take?"),
      h(
        "div.choices",
        (offer?.targets ?? []).map((s) =>
          h(
            "button.choice",
            {
              type: "button",
              "data-key": `j${s}`,
              "data-action": "jackpot-target",
              "data-seat": s,
              "data-testid": `jackpot-target-${s}`,
              "aria-pressed": ui.jackpotTarget === s ? "true" : "false",
            },
            ctx.nameOf(s),
          ),
        ),
      ),
    ];
  }
  const m = isWeapon ? null : game.market.find((x) => x.kind === choice.id);
  return panel(
    "purchase-panel",
    `Buy ${name}`,
    h(
      "button.ghost.small.back",
      {
        type: "button",
        "data-action": "unchoose",
        "data-testid": "back-to-shop",
        "data-focus": "checkout",
      },
      "← Back to the shop",
    ),
    h(
      "p",
      isWeapon
        ? [`${ctx.weapons[choice.id]?.does ?? ""} `, h("strong", `Price: ${money(p.target)}.`)]
        : [
            `Costs ${money(m.cost)}, scores ${points(m.points)} at the end. `,
            game.email_type === choice.id
              ? h("strong", "It will be flagged (Anonymous Email).")
              : "It will be clean.",
          ],
    ),
    still ? null : h("p.form-error", "This is no longer available."),
    extra,
    billPicker(p),
    h(
      "div.row",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "confirm-purchase",
          "data-testid": "confirm-purchase",
          disabled: !ready || ctx.pending,
        },
        result.ok ? `Pay ${money(result.printed)} and buy ${name}` : `Buy ${name}`,
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "skip",
          "data-testid": "skip-purchase",
          disabled: ctx.pending,
        },
        "Skip this round",
      ),
    ),
  );
}
