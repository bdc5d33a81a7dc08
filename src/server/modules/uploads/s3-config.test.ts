// S3_* settings (config.ts): S3_BUCKET turns the bucket store on, the rest need it, and every
// mistake is named in Spanish before the shop starts.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const load = (env: Record<string, string>) => loadConfig(env).s3;
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('S3_* settings', () => {
  it('keep uploads on disk when S3_BUCKET is not set', () => {
    expect(load({})).toBeUndefined();
  });

  it('read an AWS bucket with the SDK credential chain', () => {
    expect(load({ S3_BUCKET: 'semillas-fotos', S3_REGION: 'sa-east-1' })).toEqual({
      bucket: 'semillas-fotos',
      region: 'sa-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
  });

  it('read another provider with its endpoint, keys, path style and public URL', () => {
    expect(
      load({
        S3_BUCKET: 'fotos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.semillas.example/fotos/',
      }),
    ).toEqual({
      bucket: 'fotos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.semillas.example/fotos',
    });
  });

  it('name each mistake in Spanish', () => {
    expect(refusal({ S3_BUCKET: 'fotos' })).toContain('S3_REGION: indica la región del bucket');
    expect(refusal({ S3_BUCKET: 'Fotos_Tienda', S3_REGION: 'sa-east-1' })).toContain('S3_BUCKET: debe ser un nombre de bucket');
    expect(refusal({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'ftp://fotos.example' })).toContain(
      'S3_ENDPOINT: debe empezar con http:// o https://',
    );
    expect(refusal({ S3_BUCKET: 'fotos', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'clave' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas',
    );
    expect(refusal({ S3_BUCKET: 'fotos', S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: 'quizas' })).toContain(
      'S3_FORCE_PATH_STYLE: debe ser true o false',
    );
    expect(refusal({ S3_BUCKET: 'fotos', S3_REGION: 'sa-east-1', S3_PUBLIC_URL: 'https://cdn.example/?v=1' })).toContain(
      'S3_PUBLIC_URL: no puede tener ? ni #',
    );
    expect(refusal({ S3_BUCKET: 'fotos', S3_REGION: 'sa-east-1', S3_PUBLIC_URL: 'http://cdn.example/fotos' })).toContain(
      'S3_PUBLIC_URL: debe empezar con https://',
    );
    expect(refusal({ S3_REGION: 'sa-east-1', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatch(
      /S3_REGION: no tiene efecto sin S3_BUCKET\n {2}S3_ENDPOINT: no tiene efecto sin S3_BUCKET/,
    );
  });
});
