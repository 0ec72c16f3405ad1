-- The bundled API Pix emulator keeps each charge's revisions, as API Pix asks of a PSP: GET
-- /cob/{txid}?revisao=N answers the charge as it was at revision N (0: as it was created; PATCH
-- adds one). Charges made before this table keep only the revision they are at.
CREATE TABLE pix_emulator_cob_revisions (
  txid text NOT NULL REFERENCES pix_emulator_cobs (txid),
  revisao integer NOT NULL,
  -- The charge as GET /cob/{txid} answered it at that revision, without its `pix` list.
  body jsonb NOT NULL,
  PRIMARY KEY (txid, revisao)
);
INSERT INTO pix_emulator_cob_revisions (txid, revisao, body)
SELECT txid, (body->>'revisao')::int, body FROM pix_emulator_cobs;
