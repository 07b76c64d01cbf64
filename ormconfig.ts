import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/load-config';
import { resolveDataSourceOptions } from './src/database/data-source.options';

/** The DataSource the TypeORM CLI uses (`npm run migration:run`, `migration:generate`). */
export default resolveDataSourceOptions(loadConfig()).then((options) => new DataSource(options));
