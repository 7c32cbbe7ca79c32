/**
 * The part of a client address that names one client, for counting attempts:
 * an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d), and
 * for IPv6 its /64 prefix, as "2001:db8:0:7::/64" — one subscriber is handed a
 * whole /64, so counting per /128 would let them try from endless addresses.
 * Anything that is not an address comes back trimmed, still a key of its own.
 */
export function addressGroup(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (IPV4.test(plain)) return plain;
  const hextets = ipv6Hextets(plain);
  if (!hextets) return address.trim();
  const mapped = hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff;
  if (mapped) return [hextets[6] >> 8, hextets[6] & 255, hextets[7] >> 8, hextets[7] & 255].join(".");
  return `${hextets
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(":")}::/64`;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail allowed), or null. */
function ipv6Hextets(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
  const last = groups[groups.length - 1];
  if (last.length > 0 && IPV4.test(last[last.length - 1])) {
    const [a, b, c, d] = last.pop()!.split(".").map(Number);
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  if (!groups.every((group) => group.every((hextet) => HEXTET.test(hextet)))) return null;
  const [head, tail = []] = groups;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((hextet) => parseInt(hextet, 16));
}
