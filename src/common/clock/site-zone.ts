import { Zone } from 'luxon';
import { AppConfig } from '../../config/app-config';
import { resolveZone } from '../dates/zones';

/** The site's zone from the configuration (validated at start, so it always resolves). */
export function siteZoneOf(config: Pick<AppConfig, 'SITE_TIMEZONE'>): Zone {
  const zone = resolveZone(config.SITE_TIMEZONE);
  if (!zone) throw new Error(`SITE_TIMEZONE ${config.SITE_TIMEZONE} is not a zone`);
  return zone;
}
