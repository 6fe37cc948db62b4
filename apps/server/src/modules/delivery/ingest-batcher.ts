// The group commit moved to lib/ (the POS push uses it too).
export { IngestBatcher } from '../../lib/ingest-batcher.ts';
