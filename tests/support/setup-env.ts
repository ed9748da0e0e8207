// Tests run the embedded catalogue engine and keep quiet unless a test asks otherwise.
process.env.ANALYZE_ENGINE ??= 'catalog';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
delete process.env.OPENAI_API_KEY;
delete process.env.OPENAI_SECRET_ID;
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
