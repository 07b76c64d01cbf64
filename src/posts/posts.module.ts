import { Global, Module } from '@nestjs/common';
import { PostLinks } from './post-links';
import { PostRegistry } from './post-registry';

/** The post kernel: the shared id space of events, venues and organizers, and their links. */
@Global()
@Module({ providers: [PostRegistry, PostLinks], exports: [PostRegistry, PostLinks] })
export class PostsModule {}
