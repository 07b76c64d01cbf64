import { boundingBox, distanceKm, GeoBox, GeoPoint } from './geo';

const barcelona = { lat: 41.3874, lng: 2.1686 };
const madrid = { lat: 40.4168, lng: -3.7038 };

function inBox(box: GeoBox, point: GeoPoint): boolean {
  return (
    point.lat >= box.minLat &&
    point.lat <= box.maxLat &&
    box.lngRanges.some(([min, max]) => point.lng >= min && point.lng <= max)
  );
}

describe('distanceKm', () => {
  it('measures Barcelona to Madrid as about 505 km', () => {
    expect(distanceKm(barcelona, madrid)).toBeGreaterThan(500);
    expect(distanceKm(barcelona, madrid)).toBeLessThan(510);
  });

  it('is zero from a point to itself', () => {
    expect(distanceKm(madrid, madrid)).toBe(0);
  });
});

describe('boundingBox', () => {
  it('holds points just inside the radius in every direction', () => {
    const box = boundingBox(barcelona, 25);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const rad = (bearing * Math.PI) / 180;
      const point = {
        lat: barcelona.lat + (24.9 / 111.2) * Math.cos(rad),
        lng:
          barcelona.lng +
          ((24.9 / 111.2) * Math.sin(rad)) / Math.cos((barcelona.lat * Math.PI) / 180),
      };
      expect(distanceKm(barcelona, point)).toBeLessThan(25);
      expect(inBox(box, point)).toBe(true);
    }
  });

  it('leaves out a city far away', () => {
    expect(inBox(boundingBox(barcelona, 25), madrid)).toBe(false);
  });

  it('splits across the antimeridian', () => {
    const box = boundingBox({ lat: 0, lng: 179.9 }, 50);
    expect(box.lngRanges).toHaveLength(2);
    expect(inBox(box, { lat: 0, lng: -179.9 })).toBe(true);
  });

  it('takes every longitude near a pole', () => {
    expect(boundingBox({ lat: 89.9, lng: 0 }, 50).lngRanges).toEqual([[-180, 180]]);
  });
});
