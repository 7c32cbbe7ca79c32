import { describe, expect, it } from "vitest";

import { addressGroup } from "~/lib/address-group";

describe("the group a client address is counted in", () => {
  it("is the address itself for IPv4", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("is the /64 for IPv6, however the address is written", () => {
    const group = "2001:db8:85a3:42::/64";
    for (const address of [
      "2001:db8:85a3:42::1",
      "2001:0DB8:85A3:0042:ffff:ffff:ffff:ffff",
      "2001:db8:85a3:42:1:2:3:4",
      "[2001:db8:85a3:42::8]",
      "2001:db8:85a3:42::1%eth0",
      "2001:db8:85a3:42::192.0.2.1",
    ]) {
      expect(addressGroup(address)).toBe(group);
    }
    expect(addressGroup("2001:db8:85a3:43::1")).toBe("2001:db8:85a3:43::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });

  it("is the IPv4 address for an IPv4-mapped IPv6 address", () => {
    expect(addressGroup("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(addressGroup("0:0:0:0:0:ffff:c633:6404")).toBe("198.51.100.4");
    expect(addressGroup("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("leaves text that is not an address as it is, a group of its own", () => {
    for (const text of ["unknown", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "2001:db8::g", "::ffff:300.1.1.1"]) {
      expect(addressGroup(text)).toBe(text);
    }
  });
});
