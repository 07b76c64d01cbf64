import { Global, Module } from '@nestjs/common';
import { PostLinks } from './post-links';
import { PostRegistry } from './post-registry';
import { ImportedItems } from './imported-items';

/**
 * The post kernel: the shared id space of events, venues and organizers, their links, and the
 * map from an imported site's ids to ours.
 */
@Global()
@Module({
  providers: [PostRegistry, PostLinks, ImportedItems],
  exports: [PostRegistry, PostLinks, ImportedItems],
})
export class PostsModule {}
