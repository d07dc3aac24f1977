// The tiny Pick game every peer plays, as benchmarks/peers/pick6.py plays it on our server:
// six seats, each picks a secret number from 1 to 999,999 a round; once all six have picked,
// the picks are revealed and the highest number nobody else picked scores a point.

export const SEATS = 6;
export const HIGHEST = 999999;

export function validPick(number) {
  return Number.isInteger(number) && number >= 1 && number <= HIGHEST;
}

/** The seat that scores this round, or -1: the highest pick nobody else made. */
export function scorer(picks) {
  let best = -1;
  for (let seat = 0; seat < picks.length; seat++) {
    const alone = picks.filter((p) => p === picks[seat]).length === 1;
    if (alone && (best < 0 || picks[seat] > picks[best])) best = seat;
  }
  return best;
}
