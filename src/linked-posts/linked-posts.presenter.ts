import { Zone } from 'luxon';
import { SyncResult, syncTail } from '../changes/sync';
import { Clock } from '../common/clock/clock';
import { siteZoneOf } from '../common/clock/site-zone';
import { Language } from '../common/i18n/language';
import { ApiLinks } from '../common/links/links';
import { EchoedParam } from '../common/paging/list-links';
import { pageTail } from '../common/paging/list-query';
import { AppConfig } from '../config/app-config';
import { LinkedPostListQuery } from './linked-post-list-query';
import { ListTailDto } from '../common/paging/list-tail.dto';
import { LinkedPostMapping } from './linked-post.mapper';
import { LinkedPostPage } from './linked-posts.service';

/** How one kind's items and lists look on the wire. */
export interface LinkedPostShape<V, R, L> {
  /** The list's path segment and body key: `venues`, `organizers`. */
  readonly collection: string;
  toResponse(view: V, mapping: LinkedPostMapping): R;
  /** The list body: the items under their key, then the paging tail. */
  toList(items: R[], tail: ListTailDto): L;
}

/**
 * Gives a venue or organizer mapper what it needs besides the item (links, zone, language, the
 * time) and builds list bodies with their links.
 */
export class LinkedPostsPresenter<V, R, L> {
  private readonly siteZone: Zone;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
    private readonly shape: LinkedPostShape<V, R, L>,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  one(view: V, language: Language, links: ApiLinks, single = false): R {
    return this.shape.toResponse(view, this.mapping(language, links, single));
  }

  page(
    page: LinkedPostPage<V>,
    query: LinkedPostListQuery,
    language: Language,
    links: ApiLinks,
  ): L {
    const mapping = this.mapping(language, links, false);
    const echoed: EchoedParam[] = [
      ['per_page', String(page.perPage)],
      ['status', page.statuses.join(',')],
      ...query.echo,
    ];
    return this.shape.toList(
      page.items.map((view) => this.shape.toResponse(view, mapping)),
      pageTail(`${links.namespace}/${this.shape.collection}/`, page, echoed),
    );
  }

  /** A sync answer: the changed items as a list shows them, then tombstones and the next token. */
  sync(result: SyncResult<V>, perPage: number, language: Language, links: ApiLinks): L {
    const mapping = this.mapping(language, links, false);
    return this.shape.toList(
      result.views.map((view) => this.shape.toResponse(view, mapping)),
      syncTail(result, `${links.namespace}/${this.shape.collection}/`, perPage),
    );
  }

  private mapping(language: Language, links: ApiLinks, single: boolean): LinkedPostMapping {
    return { language, links, siteZone: this.siteZone, single, now: this.clock.now().toJSDate() };
  }
}
