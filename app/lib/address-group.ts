const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/**
 * The group a client address is counted in by per-address limits: an IPv4
 * address is itself, an IPv6 address its /64 (a home or a phone usually gets a
 * whole /64, so counting single IPv6 addresses would let one client take as
 * many as it likes). An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as Node
 * reports IPv4 clients on a dual-stack socket) is the IPv4 address. Text that
 * is not an address is a group of its own.
 */
export function addressGroup(address: string): string {
  const ip = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "");
  if (!ip.includes(":")) return ip;
  const hextets = ipv6Hextets(ip);
  if (!hextets) return ip;
  if (hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff) {
    return [hextets[6] >> 8, hextets[6] & 255, hextets[7] >> 8, hextets[7] & 255].join(".");
  }
  return `${hextets
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail fills the last two), or null when it is not one. */
function ipv6Hextets(ip: string): number[] | null {
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const parts = halves.map((half) => (half ? half.split(":") : []));
  const last = parts.at(-1)!;
  const ipv4 = IPV4.exec(last.at(-1) ?? "");
  if (ipv4) {
    const octets = ipv4.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    last.splice(-1, 1, ((octets[0] << 8) | octets[1]).toString(16), ((octets[2] << 8) | octets[3]).toString(16));
  }
  if (!parts.flat().every((part) => HEXTET.test(part))) return null;
  const [head, tail] = parts.map((half) => half.map((part) => parseInt(part, 16)));
  if (tail === undefined) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
