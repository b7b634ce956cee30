CREATE OR REPLACE FUNCTION public.users_changed_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF current_setting('brokerage.watch_users', true) = 'on' THEN
    PERFORM pg_notify('users_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$function$;
