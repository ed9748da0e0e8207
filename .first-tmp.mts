for (const id of process.argv.slice(2)) {
  const mod = await import(`/work/main/functions/analyze/catalog/data/${id}.js`);
  const c = mod[id];
  console.log(`== ${id}`);
  for (const cap of c.capabilities) {
    const first = c.providers.filter((p: any) => p.capabilities[0] === cap.id).map((p: any) => `${p.name}(${p.popularity})`);
    console.log(`  ${cap.id}${cap.default ? '*' : ''} sig=${cap.signals.length} first=${first.length}: ${first.join(', ')}`);
  }
}
