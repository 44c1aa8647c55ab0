import { pictureUrl } from '../pictures';
import { setupApiForTests } from '../testing/setup';

const api = 'https://api.example.co.ke/api/';

describe('pictureUrl', () => {
  it("reads a picture the API serves itself from the site's origin when the site passes its path on", () => {
    setupApiForTests({ apiBaseUrl: api, picturesPath: '/static/' });
    expect(pictureUrl('https://api.example.co.ke/static/blog/maize.svg')).toBe('/static/blog/maize.svg');
    expect(pictureUrl('/static/blog/maize.svg?v=2')).toBe('/static/blog/maize.svg?v=2');
    // Only the API's own pictures, and only under that path.
    expect(pictureUrl('https://cdn.example.com/static/blog/maize.svg')).toBe('https://cdn.example.com/static/blog/maize.svg');
    expect(pictureUrl('https://api.example.co.ke/uploads/maize.svg')).toBe('https://api.example.co.ke/uploads/maize.svg');
    expect(pictureUrl('https://api.example.co.ke/static-files/maize.svg')).toBe('https://api.example.co.ke/static-files/maize.svg');
    // A path that climbs out of the pictures is not one of them.
    expect(pictureUrl('/static/../api/user')).toBe('https://api.example.co.ke/api/user');
  });

  it("reads pictures from the API's origin when the site does not pass them on", () => {
    setupApiForTests({ apiBaseUrl: api });
    expect(pictureUrl('https://api.example.co.ke/static/blog/maize.svg')).toBe('https://api.example.co.ke/static/blog/maize.svg');
    // A path the API gives is the API's, not the site's.
    expect(pictureUrl('/static/blog/maize.svg')).toBe('https://api.example.co.ke/static/blog/maize.svg');
    expect(pictureUrl('uploads/a b.jpg')).toBe('https://api.example.co.ke/api/uploads/a%20b.jpg');
  });

  it('shows nothing for a missing picture or one that is not on the web', () => {
    setupApiForTests({ apiBaseUrl: api, picturesPath: '/static/' });
    expect(pictureUrl(undefined)).toBeNull();
    expect(pictureUrl('')).toBeNull();
    expect(pictureUrl('javascript:alert(1)')).toBeNull();
    expect(pictureUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(pictureUrl('http://[::1')).toBeNull();
  });

  it('refuses a pictures path that is not a folder path', () => {
    expect(() => setupApiForTests({ picturesPath: 'static' })).toThrow('picturesPath must be a path such as /static/');
    expect(() => setupApiForTests({ picturesPath: '/static' })).toThrow();
  });
});
