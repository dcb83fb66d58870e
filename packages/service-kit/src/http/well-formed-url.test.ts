import { urlProblem } from './well-formed-url';

describe('urlProblem: the addresses no route should see', () => {
  it.each(['/api/items', '/api/items?q=100%25+off&status=ordered', '/api/photos/5A0C1F1E-AAAA-4BBB-8CCC-0123456789AB', '/api/search?q=caf%C3%A9', '/api/items?q=a&q=b', '/api/x?flag'])('lets %s through', (url) => {
    expect(urlProblem(url)).toBeNull();
  });

  it.each(['/api/shared/photos/%00/5a0c1f1e-aaaa-4bbb-8ccc-0123456789ab', '/api/items?q=%00', '/api/items?q=a%00b', '/api/items?Q=x\0'])('refuses a NUL in %s', (url) => {
    expect(urlProblem(url)).toMatch(/NUL/);
  });

  it.each(['/api/projects/%E0%A4%A', '/api/projects/%zz'])('refuses the broken path %s', (url) => {
    expect(urlProblem(url)).toMatch(/path is not valid percent-encoding/);
  });

  it.each([['/api/items?q=%E0%A4%A', 'q'], ['/api/items?status=ordered&projectId=%', 'projectId']])('refuses the broken query %s, naming the parameter', (url, name) => {
    expect(urlProblem(url)).toContain(`"${name}" is not valid percent-encoding`);
  });
});
