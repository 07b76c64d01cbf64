// Runs @nestjs/swagger's CLI plugin inside ts-jest, with the options of nest-cli.json, so the
// tests see the same OpenAPI document as the built app.
const transformer = require('@nestjs/swagger/plugin');
const { compilerOptions } = require('../../nest-cli.json');

const options = compilerOptions.plugins.find(
  (plugin) => typeof plugin === 'object' && plugin.name === '@nestjs/swagger',
).options;

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = 1;
module.exports.factory = (compiler) => transformer.before(options, compiler.program);
