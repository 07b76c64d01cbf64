import type { CostDescription } from '../common/text/cost';
import type { ShownImage } from '../common/media/image';

/**
 * What an imported item's source showed that this service keeps as it was, TEC's own objects:
 * an event's cost, and the image of an event, venue or organizer (with its attachment id, sizes
 * and file size). Null where the source showed none; a write here that sets the field again
 * shows it by this service's rules.
 */
export interface ImportedShown {
  readonly costShown?: CostDescription | null;
  readonly imageShown: ShownImage | null;
}
