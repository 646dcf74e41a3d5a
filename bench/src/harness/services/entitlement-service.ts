/**
 * The entitlement service (a forked process). Routes, all POST with JSON:
 * /check → checkEntitlement; /invoice → failure-injection write; /count → invoices stored;
 * /reset → clear invoices and idempotency keys, ids back to 1. The failure PRNG is never reset.
 */
import { checkEntitlement, type EntitlementRequest } from '../entitlement.ts';
import { mulberry32 } from '../prng.ts';
import type { EntitlementServiceOptions } from './protocol.ts';
import { optionsFromArgv, readBody, sendJson, serve } from './http-service.ts';

const options = optionsFromArgv<EntitlementServiceOptions>('entitlement-service');
const draw = mulberry32(options.seed);

let nextInvoiceId = 1;
let invoicesStored = 0;
/** idempotency key → id of the invoice first written with it */
const invoiceIdByKey = new Map<string, number>();

serve((req, res) => {
  readBody(req, (text) => {
    switch (req.url) {
      case '/check': {
        let body: EntitlementRequest;
        try {
          body = JSON.parse(text) as EntitlementRequest;
        } catch {
          return sendJson(res, 400, { error: 'body is not JSON' });
        }
        return sendJson(res, 200, checkEntitlement(body));
      }
      case '/invoice': {
        const key = req.headers['idempotency-key'];
        let id: number;
        const known = typeof key === 'string' ? invoiceIdByKey.get(key) : undefined;
        if (known !== undefined) {
          id = known;
        } else {
          // Store first: a late reply must not undo the write.
          id = nextInvoiceId++;
          invoicesStored += 1;
          if (typeof key === 'string') invoiceIdByKey.set(key, id);
        }
        // One draw per /invoice request, in arrival order, replays included.
        if (draw() < options.delayProbability) {
          setTimeout(() => sendJson(res, 201, { id }), options.delayMs);
        } else {
          sendJson(res, 201, { id });
        }
        return;
      }
      case '/count':
        return sendJson(res, 200, { count: invoicesStored });
      case '/reset':
        nextInvoiceId = 1;
        invoicesStored = 0;
        invoiceIdByKey.clear();
        return sendJson(res, 200, { ok: true });
      default:
        return sendJson(res, 404, { error: `no route ${req.url}` });
    }
  });
}, options.keepAliveMs);
