import { describe, expect, it } from "vitest";

import { addressGroup } from "~/lib/address-group";

describe("addressGroup: the part of a client address that names one client", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:cb00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
  ])("an IPv4 address is itself, also IPv4-mapped: %j → %j", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it.each([
    ["2001:db8:85a3:7:8a2e:370:7334:1", "2001:db8:85a3:7::/64"],
    ["2001:0DB8:85A3:0007:0000:0000:0000:0001", "2001:db8:85a3:7::/64"],
    ["2001:db8:85a3:7::", "2001:db8:85a3:7::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["[2001:db8:85a3:7::9]", "2001:db8:85a3:7::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::203.0.113.7", "64:ff9b:0:0::/64"],
  ])("an IPv6 address is its /64: %j → %j", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it("puts every address of one /64 together and another /64 apart", () => {
    const group = addressGroup("2001:db8:1:2::a");
    expect(addressGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(group);
    expect(addressGroup("2001:db8:1:3::a")).not.toBe(group);
  });

  it.each(["unknown", "203.0.113.256", "1:2:3", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::1", "1:2:3:4:5:6:7::8"])(
    "leaves what is not an address as it is: %j",
    (text) => {
      expect(addressGroup(text)).toBe(text);
    },
  );
});
