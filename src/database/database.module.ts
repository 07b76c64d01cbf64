import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { resolveDataSourceOptions, withReplicas } from './data-source.options';
import { RoutingDataSource } from './read-routing';
import { bindNumericParameters } from './sqlite-parameters';
import { PostsModule } from '../posts/posts.module';
import { PendingMigrationsError, refusePendingMigrations } from './pending-migrations';
import { UnitOfWorkModule } from './unit-of-work.module';
import { boundStatementTime, QueryCancellation } from './statement-deadline';
import { DriverErrors } from '../common/errors/driver-errors';
import { DatabaseDriverErrors } from './database-driver-errors';

/** Bounds every statement of the app's pools by the request deadline (statement-deadline.ts). */
@Injectable()
class StatementDeadline {
  constructor(@InjectDataSource() dataSource: DataSource, config: AppConfig) {
    boundStatementTime(dataSource, config.REQUEST_TIMEOUT_MS);
  }
}

/**
 * The database connection (and its read replicas), from the validated configuration. On
 * MySQL/MariaDB it refuses to start while migrations are pending, unless told to apply them.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        const options = withReplicas(
          await resolveDataSourceOptions(config),
          config.DATABASE_REPLICA_URLS,
        );
        const startup = {
          ...options,
          // A database not up yet is retried (9 times, 3 s apart); pending migrations are not.
          toRetry: (error: unknown) => !(error instanceof PendingMigrationsError),
        };
        // MIGRATE_ON_START: TypeORM applies them as it connects, each in its own transaction.
        return config.MIGRATE_ON_START === 'true'
          ? { ...startup, migrationsRun: true, migrationsTransactionMode: 'each' as const }
          : startup;
      },
      // Reads of GET requests go to the replicas, if any (read-routing.ts).
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('No database options');
        const dataSource = await new RoutingDataSource(options).initialize();
        bindNumericParameters(dataSource);
        try {
          await refusePendingMigrations(dataSource);
        } catch (error) {
          await dataSource.destroy();
          throw error;
        }
        return dataSource;
      },
    }),
    PostsModule,
    UnitOfWorkModule,
  ],
  providers: [
    StatementDeadline,
    QueryCancellation,
    { provide: DriverErrors, useClass: DatabaseDriverErrors },
  ],
  exports: [QueryCancellation, DriverErrors],
})
export class DatabaseModule {}
