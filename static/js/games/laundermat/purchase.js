// The purchase panel: an addition or a Secret Weapon, paid with the bills picked (exact
// prices earn a bonus).
import { h } from "../../dom.js";
import { icon } from "../../ui/icons.js";
import { panel } from "../../ui/panel.js";
import { billPicker } from "./pay.js";
import { evaluate } from "./payment.js";
import { additionName, money, points, weaponName } from "./text.js";
import { g } from "./words.js";

// ------------------------------------------------------------------ purchases

export function purchasePanel(ctx) {
  const { game, opts, seat, me } = ctx;
  if (!opts.can_act) {
    let text;
    if (!me) text = g("purchase.watching");
    else if (!game.window.actors.includes(seat)) text = g("purchase.cannot");
    else text = g("purchase.done");
    return panel("purchase-panel", g("phases.purchase.title"), h("p", text));
  }
  if (ctx.ui.choice) return checkout(ctx);
  const affordable = new Set(opts.additions ?? []);
  const walletTotal = me.wallet_total;
  const pending2for1 = game.players[seat]?.two_for_one_pending;
  const additions = game.market.map((m) => {
    const ok = affordable.has(m.kind);
    const reason =
      m.stock === 0
        ? g("market.sold_out")
        : ok
          ? null
          : g("purchase.cannot_afford", { amount: money(walletTotal) });
    return h(
      "li.shop-item",
      { "data-key": m.kind, class: ok ? null : "unavailable" },
      h(
        "div.shop-main",
        h("strong", additionName(m.kind)),
        h(
          "span.shop-facts",
          g("purchase.facts", {
            cost: money(m.cost),
            points: points(m.points),
            stock: m.stock === 0 ? g("purchase.sold_out") : g("purchase.left", { count: m.stock }),
          }),
        ),
        game.email_type === m.kind
          ? h("span.tag.flagged", icon("flag"), g("purchase.emailed"))
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
          "aria-label": g("purchase.buy_named", { name: additionName(m.kind) }),
        },
        g("purchase.buy"),
      ),
    );
  });
  const weaponOffers = opts.weapons ?? [];
  const ownsWeapon = !!game.players[seat]?.weapon;
  const weapons = weaponOffers.map((w) => {
    let reason = null;
    if (!w.buyable) {
      if (w.targets && !w.targets.length) reason = g("purchase.no_target");
      else reason = g("purchase.costs", { price: money(w.price), amount: money(walletTotal) });
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
          "aria-label": g("purchase.buy_weapon_label", {
            price: money(w.price),
            name: weaponName(w.weapon),
          }),
        },
        g("purchase.buy_weapon", { price: money(w.price) }),
      ),
    );
  });
  return panel(
    "purchase-panel",
    g("purchase.title"),
    h("p.small", g("purchase.intro")),
    pending2for1 ? h("p.note", g("purchase.two_for_one")) : null,
    h("h3.small-head", g("purchase.additions")),
    h("ul.shop", additions),
    h(
      "h3.small-head",
      `${g("market.weapons")} `,
      game.weapon_price !== null
        ? h("span.price", g("purchase.price_now", { amount: money(game.weapon_price) }))
        : null,
    ),
    ownsWeapon
      ? h("p.small.muted", g("purchase.own_weapon"))
      : weapons.length
        ? h("ul.shop", weapons)
        : h("p.small.muted", g("purchase.no_weapons")),
    h(
      "div.action-foot",
      h(
        "button",
        {
          type: "button",
          "data-action": "skip",
          "data-testid": "skip-purchase",
          disabled: ctx.pending,
        },
        g("purchase.skip"),
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
      h("h3.small-head", g("purchase.email_which")),
      h("p.small", g("purchase.email_text")),
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
      h("h3.small-head", g("purchase.jackpot_whose")),
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
    g("purchase.buy_named", { name }),
    h(
      "button.ghost.small.back",
      {
        type: "button",
        "data-action": "unchoose",
        "data-testid": "back-to-shop",
        "data-focus": "checkout",
      },
      g("purchase.back"),
    ),
    h(
      "p",
      isWeapon
        ? [
            `${ctx.weapons[choice.id]?.does ?? ""} `,
            h("strong", g("purchase.price", { amount: money(p.target) })),
          ]
        : [
            `${g("purchase.costs_scores", { cost: money(m.cost), points: points(m.points) })} `,
            game.email_type === choice.id
              ? h("strong", g("purchase.will_flag"))
              : g("purchase.will_be_clean"),
          ],
    ),
    still ? null : h("p.form-error", g("purchase.gone")),
    extra,
    billPicker(p),
    h(
      "div.action-foot",
      h(
        "button.primary",
        {
          type: "button",
          "data-action": "confirm-purchase",
          "data-testid": "confirm-purchase",
          disabled: !ready || ctx.pending,
        },
        result.ok
          ? g("purchase.pay_and_buy", { amount: money(result.printed), name })
          : g("purchase.buy_named", { name }),
      ),
      h(
        "button",
        {
          type: "button",
          "data-action": "skip",
          "data-testid": "skip-purchase",
          disabled: ctx.pending,
        },
        g("purchase.skip_round"),
      ),
    ),
  );
}
