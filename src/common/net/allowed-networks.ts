import { BlockList, isIP } from 'node:net';

/** The allow-list of `WEBHOOK_ALLOWED_NETWORKS`: host names, addresses and CIDR networks. */
export interface AllowedNetworks {
  readonly hosts: ReadonlySet<string>;
  readonly networks: BlockList;
}

/**
 * Reads `WEBHOOK_ALLOWED_NETWORKS` (`receiver.internal,10.1.0.0/16,::1`); undefined when an
 * entry is neither a host name, an address nor a network (the setting's validation says so).
 */
export function allowedNetworks(setting: string | undefined): AllowedNetworks | undefined {
  const hosts = new Set<string>();
  const networks = new BlockList();
  for (const raw of (setting ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    const [address = '', prefixText] = entry.split('/');
    const family = isIP(address);
    if (family === 0) {
      if (prefixText !== undefined || !/^[a-z0-9.-]+$/.test(entry)) return undefined;
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      return undefined;
    }
    networks.addSubnet(address, prefix, type);
  }
  return { hosts, networks };
}
