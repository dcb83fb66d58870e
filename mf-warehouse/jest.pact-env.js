// Pact's native core reports usage unless told not to; set before any test file imports @pact-foundation/pact.
process.env.PACT_DO_NOT_TRACK = 'true';
