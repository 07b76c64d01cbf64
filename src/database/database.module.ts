import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { resolveDataSourceOptions } from './data-source.options';
import { PostsModule } from './posts/posts.module';

/** The database connection, from the validated configuration. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => resolveDataSourceOptions(config),
    }),
    PostsModule,
  ],
})
export class DatabaseModule {}
