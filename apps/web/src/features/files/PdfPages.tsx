import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Pages wider than this are drawn at this width (CSS pixels); narrower pages keep their size. */
const MAX_WIDTH = 1000;

/** One page drawn on its own canvas, once per document. */
function PdfPage({ doc, number, name }: { doc: PDFDocumentProxy; number: number; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel: () => void } | null = null;
    let stopped = false;
    void doc.getPage(number).then((page) => {
      const target = canvas.current;
      if (stopped || !target) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(MAX_WIDTH / natural.width, 2);
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      // the height follows the width: a page narrowed to fit its frame (max-width) keeps its proportions
      target.style.height = 'auto';
      const rendering = page.render({ canvas: target, viewport });
      task = rendering;
      rendering.promise.then(
        () => target.setAttribute('data-drawn', 'true'),
        () => undefined,
      );
    });
    return () => {
      stopped = true;
      task?.cancel();
    };
  }, [doc, number]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`${name}, page ${number} of ${doc.numPages}`}
      style={{ background: 'white', boxShadow: '0 1px 4px rgba(0,0,0,0.3)', maxWidth: '100%' }}
    />
  );
}

/**
 * A PDF drawn page by page with the PDF library shipped in our bundle (its worker too): nothing is framed or fetched
 * from elsewhere, it draws in every browser (headless ones included), and the document is read once per blob.
 */
export function PdfPages({ blob, name }: { blob: Blob; name: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let loaded: PDFDocumentProxy | null = null;
    let stopped = false;
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
        const data = new Uint8Array(await blob.arrayBuffer());
        loaded = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
        if (stopped) void loaded.destroy();
        else setDoc(loaded);
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      setDoc(null);
      void loaded?.destroy();
    };
  }, [blob]);

  if (failed)
    return (
      <Center h="100%">
        <Text>This PDF could not be read. Download it to open it on your computer.</Text>
      </Center>
    );
  if (!doc)
    return (
      <Center h="100%">
        <Loader aria-label={`Loading ${name}`} />
      </Center>
    );
  return (
    <Stack align="center" gap="md" p="md" data-testid="pdf-pages">
      {Array.from({ length: doc.numPages }, (_, index) => (
        <PdfPage key={index + 1} doc={doc} number={index + 1} name={name} />
      ))}
    </Stack>
  );
}
