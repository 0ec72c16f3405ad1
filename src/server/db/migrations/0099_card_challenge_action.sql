-- A 3-D Secure challenge that the provider's own script runs inside the checkout (Adyen's
-- `threeDS2` action for its component, decision 033) rather than a page we frame (challenge_url):
-- the action as the provider gave it for the browser, handed to the checkout with the 402 and
-- completed by CARTAO_DESAFIO. Kept only while the attempt is in `challenge`.
ALTER TABLE card_payments ADD COLUMN challenge_action jsonb;
