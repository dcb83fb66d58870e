// testTimeout is a root-only jest option; browser journeys need longer than the units' 30 s.
jest.setTimeout(150_000);
