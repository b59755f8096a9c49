// How players are named on the page (a robot in the page's language, numbered like the seats).
import { t as translate } from './i18n.js';

/** A player's name as shown: the server names robots "Robot <seat>" in English, seats from 0; the
 *  page numbers them as it numbers seats, from 1, in its language. */
export function playerName(player) {
  const robot = player.robot && /^Robot (\d+)$/.exec(player.name);
  return robot ? translate('table.robotName', { number: Number(robot[1]) + 1 }) : player.name;
}
