import { Zone } from 'luxon';
import { SyncResult, syncTail } from '../changes/sync';
import { Clock } from '../common/clock/clock';
import { siteZoneOf } from '../common/clock/site-zone';
import { Language } from '../common/i18n/language';
import { ApiLinks } from '../common/links/links';
import { EchoedParam, listLinks } from '../common/paging/list-links';
import { AppConfig } from '../config/app-config';
import { LinkedPostListQueryDto } from './dto/linked-post-list.query.dto';
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

/** Filters a list's links repeat after `per_page` and `status`, when given. */
const ECHOED_FILTERS = [
  'search',
  'event',
  'has_events',
  'only_with_upcoming',
  'modified_after',
  'modified_before',
  'orderby',
  'order',
  'i18n_language',
] as const;

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
    query: LinkedPostListQueryDto,
    language: Language,
    links: ApiLinks,
  ): L {
    const mapping = this.mapping(language, links, false);
    const collection = `${links.namespace}/${this.shape.collection}/`;
    return this.shape.toList(
      page.views.map((view) => this.shape.toResponse(view, mapping)),
      {
        ...listLinks(collection, this.echo(page, query), page.page, page.totalPages),
        total: page.total,
        total_pages: page.totalPages,
      },
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

  /** The effective query a list's links repeat: paging and statuses, then the filters given. */
  private echo(page: LinkedPostPage<V>, query: LinkedPostListQueryDto): EchoedParam[] {
    const echoed: EchoedParam[] = [
      ['per_page', String(page.perPage)],
      ['status', page.statuses.join(',')],
    ];
    for (const name of ECHOED_FILTERS) {
      const value = query[name];
      if (value !== undefined) echoed.push([name, String(value)]);
    }
    return echoed;
  }
}
