/** How far a distance search reaches when `geoloc_radius` is not given, in kilometres. */
export const DEFAULT_RADIUS_KM = 25;

/** Mean Earth radius in kilometres (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

export interface GeoPoint {
  readonly lat: number;
  readonly lng: number;
}

/** A latitude band and one or two longitude ranges (two when the box crosses ±180°). */
export interface GeoBox {
  readonly minLat: number;
  readonly maxLat: number;
  readonly lngRanges: readonly (readonly [number, number])[];
}

/** Great-circle distance between two points in kilometres (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `center`, so an
 * index on (lat, lng) can narrow the candidates before the exact distance is checked. Near a pole
 * the box takes every longitude; across the antimeridian it splits in two.
 */
export function boundingBox(center: GeoPoint, radiusKm: number): GeoBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.lat - toDegrees(angular);
  const maxLat = center.lat + toDegrees(angular);
  if (minLat <= -90 || maxLat >= 90) {
    return {
      minLat: Math.max(minLat, -90),
      maxLat: Math.min(maxLat, 90),
      lngRanges: [[-180, 180]],
    };
  }
  const deltaLng = toDegrees(Math.asin(Math.sin(angular) / Math.cos(toRadians(center.lat))));
  const minLng = center.lng - deltaLng;
  const maxLng = center.lng + deltaLng;
  if (minLng < -180) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        [minLng + 360, 180],
        [-180, maxLng],
      ],
    };
  }
  if (maxLng > 180) {
    return {
      minLat,
      maxLat,
      lngRanges: [
        [minLng, 180],
        [-180, maxLng - 360],
      ],
    };
  }
  return { minLat, maxLat, lngRanges: [[minLng, maxLng]] };
}
