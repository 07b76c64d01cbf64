import { Global, Module } from '@nestjs/common';
import { PostLinks } from './post-links';
import { PostRegistry } from './post-registry';

/** The shared id space of events, venues and organizers. */
@Global()
@Module({ providers: [PostRegistry, PostLinks], exports: [PostRegistry, PostLinks] })
export class PostsModule {}
