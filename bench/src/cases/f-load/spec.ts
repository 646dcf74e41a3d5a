/** Case F as data (light: no code of the case): id, title, schemas (schema.ts) and sizes, full and --quick. */
import type { BeyondCaseSpec } from '../../harness/beyond-case.ts';
import { LoadConfigSchema, LoadResultSchema, type LoadConfig, type LoadResult } from './schema.ts';

/** Case F as data: id, title, schemas and sizes. */
export const specF: BeyondCaseSpec<LoadConfig, LoadResult> = {
  id: 'F',
  title: 'Under load: the hop and the chain',
  configSchema: LoadConfigSchema,
  resultSchema: LoadResultSchema,
  config: {
    full: {
      concurrency: [1, 4, 16, 64],
      closedWarmupMs: 500,
      closedMeasureMs: 2_500,
      openFractions: [0.1, 0.25, 0.5, 0.7, 0.85, 0.95, 1.05],
      openWarmupMs: 500,
      openMeasureMs: 2_000,
      inFlightCap: 512,
      openConnections: 64,
      arrival: 'poisson',
      arrivalSeed: 20261201,
      callTimeoutMs: 2_000,
      pauseBetweenLevelsMs: 150,
      clientBoundPercent: 90,
      errorFlagPercent: 1,
    },
    quick: {
      concurrency: [1, 4, 16, 64],
      closedWarmupMs: 80,
      closedMeasureMs: 200,
      openFractions: [0.25, 0.5, 0.95, 1.05],
      openWarmupMs: 80,
      openMeasureMs: 250,
      inFlightCap: 512,
      openConnections: 64,
      arrival: 'poisson',
      arrivalSeed: 20261201,
      callTimeoutMs: 2_000,
      pauseBetweenLevelsMs: 30,
      clientBoundPercent: 90,
      errorFlagPercent: 1,
    },
  },
};
