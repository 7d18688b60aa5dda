export function toPalette(png: Buffer): Buffer;
