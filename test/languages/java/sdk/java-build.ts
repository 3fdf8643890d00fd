// What the Java SDK's package checks (../package-checks.ts) and its guarantees' drivers
// (../guarantees.ts) share: the Jackson jars of ~/.m2 the SDK is compiled with (pinned in
// scripts/languages/java/java-package.ts, fetched by .ci/install-languages), and one javac
// run of the committed SDK's sources with the programs that use it (the guarantees' driver, the
// consumer, the samples), reused (reusedWhenSame) while none of them, the jars or javac changed.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pins } from '../../../../scripts/languages/java/java-package.ts';
import { root } from '../../../support/helpers.ts';
import { type KeyPart, languagesDir, mustRun, quickJvm, reusedWhenSame } from '../../../support/languages.ts';

export const javaSdkDir = path.join(root, 'generated', 'sdk', 'java');
/** The driver's and the consumer's sources. */
export const programsDir = path.join(languagesDir, 'java', 'sdk');

const m2 = path.join(os.homedir(), '.m2', 'repository', 'com', 'fasterxml', 'jackson', 'core');
/** jackson-annotations is versioned by major and minor only from 2.20 on, as jackson-databind's POM names it. */
const annotations = pins.jackson.split('.').slice(0, 2).join('.');
/** The jars the SDK needs at run time: jackson-databind and what it depends on, as ~/.m2 holds them. */
export const jacksonJars = [
  path.join(m2, 'jackson-databind', pins.jackson, `jackson-databind-${pins.jackson}.jar`),
  path.join(m2, 'jackson-core', pins.jackson, `jackson-core-${pins.jackson}.jar`),
  path.join(m2, 'jackson-annotations', annotations, `jackson-annotations-${annotations}.jar`),
];

/** What names the JDK of the javac on PATH, for a reuse key, without starting a JVM: its `release` file (JAVA_VERSION="17.0.15"...). */
export async function jdkRelease(): Promise<KeyPart[]> {
  const javacPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'javac'))
    .find((file) => existsSync(file));
  if (!javacPath) return ['no javac'];
  const home = path.dirname(path.dirname(await fs.realpath(javacPath)));
  return [home, ...(existsSync(path.join(home, 'release')) ? [{ file: path.join(home, 'release') }] : [])];
}

/** The .java files below `dir`. */
export async function javaFiles(dir: string): Promise<string[]> {
  return (await fs.readdir(dir, { recursive: true })).filter((file) => file.endsWith('.java')).map((file) => path.join(dir, file));
}

/** javac over `sources` into `out` with the SDK's lint (-Xlint:all -Werror); `classpath` besides Jackson's jars. */
export function javac(sources: string[], out: string, cwd: string, classpath: string[] = []) {
  return mustRun(
    'javac',
    [
      ...quickJvm.map((option) => `-J${option}`),
      '--release',
      '17',
      '-Xlint:all',
      '-Werror',
      '-encoding',
      'UTF-8',
      '-d',
      out,
      '-cp',
      [...classpath, ...jacksonJars].join(path.delimiter),
      ...sources,
    ],
    cwd,
  );
}

/**
 * The committed SDK and the programs (the driver and the consumer in programsDir, and the extra
 * sources in `extra`, a folder of .java files) compiled by one javac into `dir`/classes, reused
 * (as `name`) while the sources, the jars and javac are the same; the seconds javac took when it ran.
 */
export async function compiledPrograms(dir: string, name: string, extra?: string): Promise<{ classes: string; seconds: number }> {
  const key: KeyPart[] = [
    ...(await jdkRelease()),
    ...jacksonJars.map((file) => ({ file })),
    { tree: path.join(javaSdkDir, 'src') },
    { tree: programsDir, ignored: /\.ts$/ },
    ...(extra ? [{ tree: extra }] : []),
  ];
  const seconds = await reusedWhenSame(name, key, dir, ['classes'], async () => {
    const started = performance.now();
    const sources = [...(await javaFiles(path.join(javaSdkDir, 'src'))), ...(await javaFiles(programsDir)), ...(extra ? await javaFiles(extra) : [])];
    await javac(sources, path.join(dir, 'classes'), dir);
    return (performance.now() - started) / 1000;
  });
  return { classes: path.join(dir, 'classes'), seconds };
}

/** The classpath of a program compiled by compiledPrograms: its classes and Jackson's jars. */
export const programClasspath = (classes: string, sdk: string[] = []) => [classes, ...sdk, ...jacksonJars].join(path.delimiter);
