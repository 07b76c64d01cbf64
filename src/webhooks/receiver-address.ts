import { Injectable } from '@nestjs/common';
import { lookup as lookupCallback, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { allowedNetworks, AllowedNetworks } from '../common/net/allowed-networks';
import { AppConfig } from '../config/app-config';

/**
 * Addresses no webhook is delivered to unless `WEBHOOK_ALLOWED_NETWORKS` names them: this host,
 * private and shared networks, link-local (cloud metadata services answer there), multicast and
 * reserved ranges, in IPv4 and IPv6 (docs/behaviour.md#webhooks). One stolen administrator token
 * must not turn the dispatcher into a probe of the network it runs in.
 */
const INWARD: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const INWARD_LIST = new BlockList();
for (const [network, prefix, family] of INWARD) INWARD_LIST.addSubnet(network, prefix, family);

/** `address` with an IPv4-mapped IPv6 form (`::ffff:10.0.0.1`) read as the IPv4 it maps. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/**
 * The longest a receiver's name is looked up for: the check runs inside a subscription's
 * transaction and before each delivery, and the system resolver's own timeouts are far longer.
 */
const LOOKUP_DEADLINE_MS = 2_000;

/** The addresses `host` resolves to, or null when it does not resolve within `deadlineMs`. */
async function resolveWithin(host: string, deadlineMs: number): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  try {
    return await Promise.race([
      lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => null,
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why a receiver URL is refused: the address it reaches, or that its host does not resolve. */
export type Refusal =
  { readonly kind: 'inward'; readonly address: string } | { readonly kind: 'unresolved' };

/**
 * Whether webhooks may be delivered to a URL: its host is resolved (an address is itself) and
 * every address it resolves to must be public, or allowed by `WEBHOOK_ALLOWED_NETWORKS` (by host
 * name or by network). Checked when a subscription is made or changed, and again before each
 * delivery, so a name that later resolves inward is caught too.
 */
@Injectable()
export class ReceiverAddressPolicy {
  private readonly allowed: AllowedNetworks;

  constructor(config: AppConfig) {
    this.allowed = allowedNetworks(config.WEBHOOK_ALLOWED_NETWORKS) ?? {
      hosts: new Set(),
      networks: new BlockList(),
    };
  }

  /** Null when `url` may receive deliveries, else why not. */
  async refusal(url: string): Promise<Refusal | null> {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (this.allowed.hosts.has(host)) return null;
    let addresses: string[];
    if (isIP(host) !== 0) addresses = [host];
    else {
      const resolved = await resolveWithin(host, LOOKUP_DEADLINE_MS);
      if (resolved === null) return { kind: 'unresolved' };
      addresses = resolved;
    }
    const inward = addresses.find((found) => this.isInward(found));
    return inward === undefined ? null : { kind: 'inward', address: inward };
  }

  /**
   * The name lookup of a delivery's own connection: it resolves as the system does and fails
   * (`ERR_ADDRESS_NOT_ALLOWED`) when an address is inward and not allowed, so the address
   * connected to is one that was checked. The check in {@link refusal} resolves separately; a
   * name that answers outward then and inward a moment later (DNS rebinding) reaches nothing.
   */
  connectionLookup(): LookupFunction {
    return (hostname, options, callback) => {
      lookupCallback(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
        if (error) {
          callback(error, '');
          return;
        }
        const trusted = this.allowed.hosts.has(hostname.toLowerCase());
        const inward = trusted ? undefined : found.find((entry) => this.isInward(entry.address));
        if (inward) {
          const refused = new Error(
            `address not allowed (${inward.address}; see WEBHOOK_ALLOWED_NETWORKS)`,
          );
          callback(Object.assign(refused, { code: 'ERR_ADDRESS_NOT_ALLOWED' }), '');
          return;
        }
        const first = found[0];
        if (options.all) callback(null, found);
        else if (first) callback(null, first.address, first.family);
        else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      });
    };
  }

  /** Whether `found` is inward and not allowed by `WEBHOOK_ALLOWED_NETWORKS`. */
  private isInward(found: string): boolean {
    const { address, family } = unmapped(found);
    return !this.allowed.networks.check(address, family) && INWARD_LIST.check(address, family);
  }
}
